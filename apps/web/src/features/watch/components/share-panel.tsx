import { useAnalytics } from '@marquee/player/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { shortLinksQueryOptions } from '@marquee/api-client';
import { LINK_COPIED_TOAST_MS, SHARE_TARGETS, shareTargetUrl, type ShareTarget } from '@marquee/domain';
import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Share tab and the /embed/share overlay (§2.3; §8 'Link copied', §9 a 750 ms toast): the page
 * link and, unless the site hides embeds (hideEmbeds), the embed code. Each copy records a share
 * analytics event.
 */
export function SharePanel({
  pageUrl,
  embedUrl,
  title,
  channelId,
  videoUid,
  hideEmbeds,
}: {
  pageUrl: string;
  embedUrl: string;
  title: string;
  channelId: string;
  videoUid: string;
  hideEmbeds: boolean;
}) {
  const { t } = useTranslation('watchRoutes');
  const analytics = useAnalytics();
  const linkId = useId();
  const embedId = useId();
  const origin = new URL(pageUrl).origin;
  // Each target shares its own short link (counted apart); the page link until they are made.
  const short = useQuery(shortLinksQueryOptions(api, pageUrl.slice(origin.length) || '/'));
  const linkFor = (target: ShareTarget) => {
    const code = short.data?.links[target];
    return code ? `${origin}${code}` : pageUrl;
  };
  const embedCode = `<iframe src="${embedUrl}" width="640" height="360" title="${title.replace(/"/g, '&quot;')}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;

  const copy = async (text: string, type: 'link' | 'embed') => {
    if (await copyText(text)) {
      showToast(t('share.copied'), 'success', LINK_COPIED_TOAST_MS);
      analytics.track({ kind: 'share', contentId: videoUid, videoUid, channelId, platform: 'copy', type });
    } else {
      showToast(t('share.copyFailed'), 'error');
    }
  };

  return (
    <div className="share-panel" data-testid="share-panel">
      <label className="share-panel__label" htmlFor={linkId}>
        {t('share.link')}
      </label>
      <div className="share-panel__row">
        <input
          id={linkId}
          className="share-panel__input"
          readOnly
          value={pageUrl}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="share-link"
        />
        <button
          type="button"
          className="button"
          onClick={() => void copy(pageUrl, 'link')}
          data-testid="share-copy-link"
        >
          {t('share.copyLink')}
        </button>
      </div>
      <ul className="share-panel__targets" aria-label={t('share.heading')}>
        {SHARE_TARGETS.filter((target) => target !== 'copy').map((target) => (
          <li key={target}>
            <a
              className="button share-panel__target"
              href={shareTargetUrl(target as Exclude<ShareTarget, 'copy'>, linkFor(target), title)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() =>
                analytics.track({
                  kind: 'share',
                  contentId: videoUid,
                  videoUid,
                  channelId,
                  platform: target,
                  type: 'link',
                })
              }
              data-testid={`share-${target}`}
            >
              {t('share.open', { network: t(`share.networks.${target}`) })}
            </a>
          </li>
        ))}
      </ul>
      {hideEmbeds ? null : (
        <>
          <label className="share-panel__label" htmlFor={embedId}>
            {t('share.embed')}
          </label>
          <div className="share-panel__row">
            <textarea
              id={embedId}
              className="share-panel__input share-panel__code"
              readOnly
              rows={3}
              value={embedCode}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-embed-code"
            />
            <button
              type="button"
              className="button"
              onClick={() => void copy(embedCode, 'embed')}
              data-testid="share-copy-embed"
            >
              {t('share.copyEmbed')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
