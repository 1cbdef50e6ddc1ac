import { useAnalytics } from '@marquee/player/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { shortLinksQueryOptions } from '@marquee/api-client';
import {
  LINK_COPIED_TOAST_MS,
  readableShortLink,
  SHARE_TARGETS,
  shareTargetUrl,
  type ShareContentType,
  type SharePlatform,
  type ShareTarget,
} from '@marquee/domain';
import { api } from '../lib/api';
import { showToast } from '../lib/toast';
import './share-panel.css';

/** What a share panel shares, for its analytics event: a video, a gif or a moment, by its id. */
export type ShareSubject = {
  type: ShareContentType;
  /** The event's contentId: the video's uid, the gif's or the moment's id. */
  id: string;
  /** The video it is of, and its channel, where known. */
  videoUid?: string;
  channelId?: string;
};

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The share panel (§2.3 Share tab, the /embed/share overlay, a gif's page, a moment's Share; §8
 * 'Link copied', §9 a 750 ms toast; decision 0049): the page's readable link with Copy, a button per
 * network carrying that network's short link with the title's readable URL after it
 * (`/s/{code}/{title}`), and, when given (videos, unless the site hides embeds), the embed code.
 * Each share records a share analytics event of the subject's type.
 */
export function SharePanel({
  pageUrl,
  title,
  subject,
  embedUrl,
}: {
  /** The absolute URL of the page shared (a watch page, with `?tag=` for a moment; a gif's page). */
  pageUrl: string;
  title: string;
  subject: ShareSubject;
  /** The player's embed URL: shows the embed code (videos only; left out where hideEmbeds). */
  embedUrl?: string;
}) {
  const { t } = useTranslation('common');
  const analytics = useAnalytics();
  const origin = new URL(pageUrl).origin;
  // Each target shares its own short link (counted apart); the page link until they are made.
  const short = useQuery(shortLinksQueryOptions(api, pageUrl.slice(origin.length) || '/'));
  const linkFor = (target: ShareTarget) => {
    const code = short.data?.links[target];
    return code ? readableShortLink(`${origin}${code}`, title) : pageUrl;
  };
  const embedCode = embedUrl
    ? `<iframe src="${embedUrl}" width="640" height="360" title="${title.replace(/"/g, '&quot;')}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`
    : null;

  const track = (platform: SharePlatform) =>
    analytics.track({
      kind: 'share',
      contentId: subject.id,
      ...(subject.videoUid ? { videoUid: subject.videoUid } : {}),
      ...(subject.channelId ? { channelId: subject.channelId } : {}),
      platform,
      type: subject.type,
    });
  const copy = async (text: string, platform: 'copy' | 'embed') => {
    if (await copyText(text)) {
      showToast(t('share.copied'), 'success', LINK_COPIED_TOAST_MS);
      track(platform);
    } else {
      showToast(t('share.copyFailed'), 'error');
    }
  };

  return (
    <div className="share-panel" data-testid="share-panel" data-share-type={subject.type}>
      <CopyField
        label={t(`share.link.${subject.type}`)}
        value={pageUrl}
        copyLabel={t('share.copyLink')}
        onCopy={() => void copy(pageUrl, 'copy')}
        testIds={['share-link', 'share-copy-link']}
      />
      <ul className="share-panel__targets" aria-label={t('share.heading')}>
        {SHARE_TARGETS.filter((target) => target !== 'copy').map((target) => (
          <li key={target}>
            <a
              className="button share-panel__target"
              href={shareTargetUrl(target as Exclude<ShareTarget, 'copy'>, linkFor(target), title)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => track(target)}
              data-testid={`share-${target}`}
            >
              {t('share.open', { network: t(`share.networks.${target}`) })}
            </a>
          </li>
        ))}
      </ul>
      {embedCode ? (
        <CopyField
          label={t('share.embed')}
          value={embedCode}
          multiline
          copyLabel={t('share.copyEmbed')}
          onCopy={() => void copy(embedCode, 'embed')}
          testIds={['share-embed-code', 'share-copy-embed']}
        />
      ) : null}
    </div>
  );
}

/** A read-only field (selected when focused) with its Copy button. */
function CopyField({
  label,
  value,
  multiline = false,
  copyLabel,
  onCopy,
  testIds: [fieldId, buttonId],
}: {
  label: string;
  value: string;
  multiline?: boolean;
  copyLabel: string;
  onCopy: () => void;
  testIds: [field: string, button: string];
}) {
  const id = useId();
  const field = {
    id,
    className: multiline ? 'share-panel__input share-panel__code' : 'share-panel__input',
    readOnly: true,
    value,
    onFocus: (e: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => e.currentTarget.select(),
    'data-testid': fieldId,
  };
  return (
    <>
      <label className="share-panel__label" htmlFor={id}>
        {label}
      </label>
      <div className="share-panel__row">
        {multiline ? <textarea rows={3} {...field} /> : <input {...field} />}
        <button type="button" className="button" onClick={onCopy} data-testid={buttonId}>
          {copyLabel}
        </button>
      </div>
    </>
  );
}
