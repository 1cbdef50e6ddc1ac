import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PlayableUrl } from '@marquee/api-client';
import type { Video } from '@marquee/contract';
import type { Player as CorePlayer } from '@marquee/player';
import {
  OWNER_PAID_NOTICE,
  OWNER_PRIVATE_NOTICE,
  RIGHT_MENU_TAB_LABELS,
  RIGHT_MENU_WIDTH_PX,
  canonicalWatchPath,
  isRightMenuBeside,
  rightMenuTabs,
  type RightMenuTab,
} from '@marquee/domain';
import { routeQueueContext, useWatchQueue } from '../api/use-watch-queue';
import { useEmbedBridge } from '../hooks/use-embed-bridge';
import { usePreviewLimit } from '../hooks/use-preview-limit';
import { useWatchHead } from '../hooks/use-watch-head';
import {
  flagsSearch,
  itemWatchPath,
  overlayPath,
  shareEmbedUrl,
  type WatchRouteInfo,
} from '../utils/watch-route-info';
import { watchStateStore } from '../utils/watch-state';
import { subscribeHref } from '../utils/playback-target';
import { SharePanel } from '../../../components/share-panel';
import { EmbedActions } from './embed-actions';
import { QueuePanel } from './queue-panel';
import { VideoInfoPanel } from './video-info-panel';
import { WatchTabs } from './watch-tabs';
import './watch-extras.css';

/**
 * Panels other features give the right menu (composed in src/app: features never import each
 * other): each slot turns its tab on and draws its panel for the video and the player.
 */
export type WatchTabSlots = Partial<
  Record<
    'comments' | 'gifs' | 'chat' | 'watchParty',
    (at: { video: Video; player: CorePlayer | null }) => ReactNode
  >
>;

function useWindowWidth() {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const on = () => setWidth(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return width;
}

/**
 * Everything the watch routes add around the player (decision 0028): the watch state, the page
 * head (title, canonical, oEmbed), the owner notices, the preview's end, the right-menu tabs
 * (Video Info, Queue, Share) and, in an embed, the Up Next list, the /embed/info and /embed/share
 * overlays and the postMessage API.
 */
export function WatchExtras({
  route,
  video,
  player,
  playUrl,
  slots = {},
  initialTab = 'info',
}: {
  route: WatchRouteInfo;
  video: Video | undefined;
  player: CorePlayer | null;
  playUrl: Partial<PlayableUrl> | undefined;
  slots?: WatchTabSlots;
  /** The tab open first (a `?gif=` link opens Gifs). */
  initialTab?: RightMenuTab;
}) {
  const { t } = useTranslation('watchRoutes');
  const navigate = useNavigate();
  const config = route.site;
  const { variant, flags, route: params } = route;
  const width = useWindowWidth();
  const [tab, setTab] = useState<RightMenuTab>(initialTab);

  useEffect(() => watchStateStore.set(variant.state), [variant.state]);

  const queue = useWatchQueue({
    ...routeQueueContext(route),
    ...(flags.embed ? { limit: flags.queueSize } : {}),
  });
  const hrefFor = (item: Video) => `${itemWatchPath(route, item)}${flagsSearch(flags)}`;

  const model = useMemo(
    () =>
      rightMenuTabs({
        embed: flags.embed,
        lite: flags.lite,
        perms: config?.perms ?? {},
        available: [
          'info',
          ...(queue.kind === 'none' && !queue.isLoading ? [] : (['queue'] as const)),
          'share',
          ...(Object.keys(slots) as (keyof WatchTabSlots)[]),
        ],
        widthPx: width,
      }),
    [flags.embed, flags.lite, config?.perms, queue.kind, queue.isLoading, width, slots],
  );
  const enabled = [...model.shown, ...model.more];
  const active = enabled.includes(tab) ? tab : (enabled[0] ?? 'info');

  const seriesUid = video?.series?.uid ?? params.seriesUid ?? null;
  useWatchHead({
    canonicalPath: canonicalWatchPath({
      channelId: variant.channelId,
      videoUid: variant.videoUid,
      seriesUid: params.kind === 'episode' ? seriesUid : null,
      live: params.kind === 'live',
      type: params.kind === 'movie' ? 'movie' : null,
    }),
    videoTitle: video?.title,
    seriesTitle: video?.seriesData?.title,
    tabLabel: flags.embed ? null : t(`tabs.${active}`, { defaultValue: RIGHT_MENU_TAB_LABELS[active] }),
    stateTitle: config?.name,
  });

  const allowedOrigins = config?.allowedOrigins;
  const origins = useMemo(() => allowedOrigins ?? [], [allowedOrigins]);
  useEmbedBridge(player, { enabled: flags.embed, allowedOrigins: origins, videoUid: variant.videoUid });

  // Embed with autoplayNext: the end plays the first Up Next item (the site's own end rule runs otherwise).
  const nextHref = flags.embed && flags.autoplayNext && queue.next ? hrefFor(queue.next) : null;
  useEffect(() => {
    if (!player || !nextHref) return;
    return player.on('ended', () => void navigate(nextHref));
  }, [player, nextHref, navigate]);

  const previewEnded = usePreviewLimit(player, playUrl?.url ? playUrl.preview?.seconds : null);
  const ownerNotice =
    playUrl?.url && playUrl.message === OWNER_PRIVATE_NOTICE
      ? t('notices.ownerPrivate')
      : playUrl?.url && playUrl.message === OWNER_PAID_NOTICE
        ? t('notices.ownerPaid')
        : null;

  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const pageUrl = `${origin}${route.basePath}`;
  const hideEmbeds = config?.perms.hideEmbeds ?? false;
  const share = video ? (
    <SharePanel
      pageUrl={pageUrl}
      title={video.title}
      subject={{
        type: 'video',
        id: variant.videoUid,
        videoUid: variant.videoUid,
        channelId: variant.channelId,
      }}
      embedUrl={shareEmbedUrl(origin, route, hideEmbeds)}
    />
  ) : null;

  const notices = (
    <>
      {ownerNotice ? (
        <p className="watch-notice" role="note" data-testid="owner-notice">
          {ownerNotice}
        </p>
      ) : null}
      {previewEnded ? (
        <div className="watch-notice watch-notice--paywall" role="alert" data-testid="preview-ended">
          <strong>{t('notices.previewEnded')}</strong> {t('notices.previewEndedText')}{' '}
          <a
            className="button button--primary"
            href={subscribeHref({ channelId: variant.channelId, videoUid: variant.videoUid }, playUrl ?? {})}
            data-testid="playback-subscribe-link"
          >
            {t('notices.subscribe')}
          </a>
        </div>
      ) : null}
    </>
  );

  if (flags.embed) {
    // Up Next leaves out the playing video (a series' or extras' queue lists it too).
    const upNext =
      flags.queue && flags.queueSize > 0
        ? queue.items.filter((v) => v.uid !== queue.currentUid).slice(0, flags.queueSize)
        : [];
    return (
      <div className="watch-embed" data-testid="embed-extras">
        {notices}
        <EmbedActions route={route} siteName={config?.name} pageUrl={pageUrl} hideEmbeds={hideEmbeds} />
        {route.overlay && video ? (
          <div
            className="watch-embed__overlay"
            role="dialog"
            aria-modal="false"
            aria-label={t(`embed.${route.overlay}`)}
            data-testid={`embed-overlay-${route.overlay}`}
          >
            <Link className="watch-embed__close button" to={overlayPath(route, null)}>
              {t('embed.close')}
            </Link>
            {route.overlay === 'info' ? (
              <>
                <h2 className="watch-embed__title">{video.title}</h2>
                <VideoInfoPanel
                  video={video}
                  exactDate={config?.perms.exactPublishedDate ?? false}
                  rich={config?.perms.wysiwyg ?? false}
                />
              </>
            ) : (
              share
            )}
          </div>
        ) : null}
        {upNext.length ? (
          <section className="watch-embed__up-next" data-testid="embed-up-next">
            <h2 className="watch-embed__heading">{t('embed.upNext')}</h2>
            <ol className="watch-embed__list">
              {upNext.map((item) => (
                <li key={item.uid}>
                  <Link to={hrefFor(item)} className="watch-embed__item" data-testid="embed-up-next-item">
                    {item.thumbnail ? (
                      <img src={item.thumbnail} alt="" loading="lazy" width={96} height={54} />
                    ) : null}
                    <span>{item.title}</span>
                  </Link>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>
    );
  }

  if (!video || !enabled.length) return notices;
  const panel =
    active === 'queue' ? (
      <QueuePanel queue={queue} channelId={variant.channelId} hrefFor={hrefFor} heading={false} />
    ) : active === 'share' ? (
      share
    ) : active in slots ? (
      slots[active as keyof WatchTabSlots]?.({ video, player })
    ) : (
      <VideoInfoPanel
        video={video}
        exactDate={config?.perms.exactPublishedDate ?? false}
        rich={config?.perms.wysiwyg ?? false}
      />
    );
  // The right menu (§2.3 "350 px wide"): beside the player on wide windows, under it below (watch.css).
  return (
    <>
      {notices}
      <aside
        className="watch__side"
        data-testid="watch-right-menu"
        data-beside={isRightMenuBeside(width) || undefined}
        style={{ '--mq-right-menu-width': `${RIGHT_MENU_WIDTH_PX}px` } as CSSProperties}
      >
        <WatchTabs model={model} active={active} onSelect={setTab} panel={panel} />
      </aside>
    </>
  );
}
