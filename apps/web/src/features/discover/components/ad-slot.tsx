import { getAdBanner } from '@marquee/api-client';
import { useApi } from '@marquee/api-client/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startBannerLoader, type BannerState } from '../utils/banner-loader';

/** The site's banner settings a slot needs; without a `url` the slot only reserves its place. */
export type BannerConfig = { url?: string | null; slot?: string; refreshMs?: number };

/**
 * A banner slot between rows (§2.2 "ad banners inserted every N rows"). With an ad server URL in
 * the site's banner settings it shows the markup our server got from it for this viewer (decision
 * 0063), at the config's size in a sandboxed frame (third-party code never runs in our page),
 * refreshed every max(refresh, 30 s); otherwise it reserves the place.
 */
export function AdSlot({ slot, banner }: { slot: number; banner?: BannerConfig | null }) {
  const { t } = useTranslation('discover');
  const api = useApi();
  const [state, setState] = useState<BannerState | null>(null);
  const url = banner?.url ?? null;
  const placement = banner?.slot ?? '';
  const refreshMs = banner?.refreshMs ?? 0;

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- no banner while the site has none; the loader drives the rest
    if (!url) return setState(null);
    return startBannerLoader({ refreshMs }, (cb) => getAdBanner(api, placement, cb), setState);
  }, [api, url, placement, refreshMs]);

  return (
    <aside className="ad-slot" data-testid="ad-slot" data-slot={slot} aria-label={t('ad.label')}>
      <span className="ad-slot__label">{t('ad.label')}</span>
      {state?.kind === 'loaded' ? (
        <iframe
          className="ad-slot__frame"
          data-testid="ad-banner"
          title={t('ad.label')}
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
          srcDoc={state.markup}
          width={state.width}
          height={state.height}
        />
      ) : state?.kind === 'error' ? (
        <p className="ad-slot__error" role="status" data-testid="ad-banner-error">
          {t('ad.error')}
        </p>
      ) : null}
    </aside>
  );
}
