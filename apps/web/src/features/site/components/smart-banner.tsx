import { sendSmartBannerEvent, type ApiClient } from '@marquee/api-client';
import type { SiteConfig } from '@marquee/contract';
import { smartBannerLink, type SmartBannerEvent } from '@marquee/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const closedKey = (site: string) => `marquee:smart-banner-closed:${site}`;
const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/**
 * The smart app banner (decision 0065): on a phone whose platform the site has an app for, a bar
 * above the header offers the app's store page until the viewer closes it (remembered on this
 * device). Each showing, open and close is a `smartBanner` analytics event (discovery-and-site §7).
 */
export function SmartBanner({ api, config }: { api: ApiClient; config: SiteConfig }) {
  const { t } = useTranslation('site');
  const [closed, setClosed] = useState(() => storage()?.getItem(closedKey(config.uid)) === '1');
  const link = smartBannerLink(config.landing.apps, navigator.userAgent, closed);
  const track = (type: SmartBannerEvent) => void sendSmartBannerEvent(api, { type }).catch(() => {});

  useEffect(() => {
    if (link) track('view');
    // Once per page load and link: the event counts showings, not renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- track is the same call each render
  }, [link]);

  if (!link) return null;
  const close = () => {
    storage()?.setItem(closedKey(config.uid), '1');
    track('close');
    setClosed(true);
  };
  return (
    <aside
      className="smart-banner"
      data-testid="smart-banner"
      aria-label={t('appBanner', { name: config.name })}
    >
      <button
        type="button"
        className="smart-banner__close"
        onClick={close}
        aria-label={t('appBannerClose')}
        data-testid="smart-banner-close"
      >
        ✕
      </button>
      <span className="smart-banner__text">{t('appBanner', { name: config.name })}</span>
      <a
        className="button smart-banner__open"
        href={link}
        target="_blank"
        rel="noopener"
        onClick={() => track('open')}
        data-testid="smart-banner-open"
      >
        {t('appBannerOpen')}
      </a>
    </aside>
  );
}
