import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { WatchRouteError, type WatchRouteKind } from '@marquee/domain';
import { paths } from '../../config/paths';
import { StatusMessage } from '../../components/status-message';
import { SharePanel } from '../../components/share-panel';
import { ChatPanel } from '../../features/chat';
import { GifsPanel } from '../../features/gifs';
import { MomentMarkers, MomentsPanel, useMoment } from '../../features/moments';
import { ReportButton } from '../../features/moderation';
import { loginHref } from '../../lib/session';
import { WatchView, watchRouteInfo, watchScreenKey } from '../../features/watch';
import { CreatePartyButton } from '../../features/watch-party';
import { FavoriteToggle } from '../../features/watch-list';
import type { Video } from '@marquee/contract';
import { api } from '../../lib/api';
import { useSiteConfig } from '../../features/site';
import { useLeave } from './use-leave';

/**
 * Every watch route of playback-and-social §2.2 (registered by `watchRoutes` from the domain's
 * route table, each also under /watch and with /embed/info|share overlays). `kind` says which
 * shape matched; the variant, the watch state and the query flags come from the domain (lazy: it
 * pulls in the player).
 */
export default function WatchRoute({
  kind,
  dynamicType: fixedType,
}: {
  kind: WatchRouteKind;
  dynamicType?: string;
}) {
  const params = useParams();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const leave = useLeave(navigate);
  const { t } = useTranslation('watchRoutes');
  const config = useSiteConfig().data;
  const site = useMemo(
    () =>
      config
        ? { name: config.name, perms: config.perms, allowedOrigins: config.embed?.allowedOrigins ?? [] }
        : undefined,
    [config],
  );
  const searchText = search.toString();
  const q = search.get('q');
  const {
    channelId,
    dynamicType = fixedType,
    videoUid,
    movieVuid,
    playlistUid,
    seriesUid,
    hostId,
    overlay,
  } = params;
  const info = useMemo(() => {
    try {
      return watchRouteInfo(
        {
          kind,
          channelId,
          dynamicType,
          videoUid,
          movieVuid,
          playlistUid,
          seriesUid,
          hostId: hostId ?? search.get('hostId') ?? undefined,
          q: q ?? undefined,
        },
        pathname,
        searchText,
        overlay,
      );
    } catch (e) {
      if (e instanceof WatchRouteError) return e;
      throw e;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- searchText stands for search, a new object every render
  }, [
    kind,
    channelId,
    dynamicType,
    videoUid,
    movieVuid,
    playlistUid,
    seriesUid,
    hostId,
    q,
    pathname,
    searchText,
    overlay,
  ]);

  const uid = info instanceof WatchRouteError ? '' : info.variant.videoUid;
  const channel = info instanceof WatchRouteError ? '' : info.variant.channelId;
  const tagId = search.get('tag');
  const tagged = useMoment(uid, tagId);
  // A live event that is not live, or ends while playing, goes to the not-live page (§4.1, §4.7).
  const notLive = useCallback(
    () =>
      void navigate(
        paths.notLive.getHref(uid, {
          channel,
          hostId: info instanceof WatchRouteError ? null : info.route.hostId,
        }),
        { replace: true },
      ),
    [navigate, uid, channel, info],
  );

  if (info instanceof WatchRouteError) {
    // §5 "'Missing channel id' and 'Missing playlist id' reject the load."
    return (
      <StatusMessage kind="error" title={t('errors.title')} testId="watch-route-error">
        {t(`errors.${info.message}`, { defaultValue: info.message })}
      </StatusMessage>
    );
  }
  const gifId = search.get('gif');
  // A live event's room gets the Chat tab (decision 0045); other videos have none yet.
  const live = info.route.kind === 'live';
  const tParam = Number(search.get('t'));
  // ?tag= seeks to its moment (and opens Comments); otherwise ?t=, else the saved position.
  const startAt = tagged.data
    ? tagged.data.timemarker
    : search.has('t') && Number.isFinite(tParam) && tParam >= 0
      ? tParam
      : null;
  if (tagId && tagged.isPending) return <div className="watch__placeholder" aria-busy="true" />;
  return (
    <WatchView
      // ?reload=… opens the same video afresh.
      key={watchScreenKey(uid, search)}
      channelId={channel}
      videoUid={uid}
      startAt={startAt}
      onLeave={leave}
      onNotLive={notLive}
      route={site ? { ...info, site } : info}
      actions={<FavoriteToggle uid={uid} channel={channel} />}
      tabs={{
        initial: tagId ? 'comments' : gifId ? 'gifs' : undefined,
        overlay: ({ video, player }) => (
          <MomentMarkers videoUid={uid} duration={video.contentDetails.duration} player={player} />
        ),
        slots: {
          comments: ({ video, player }) => (
            <MomentsPanel
              videoUid={uid}
              channelId={channel}
              player={player}
              openMomentId={tagged.data?._id ?? null}
              loginHref={loginHref('watch', { channel, videoUid: uid })}
              actions={(m) => (
                <ReportButton
                  kind="moment"
                  itemId={m._id}
                  loginHref={loginHref('watch', { channel, videoUid: uid })}
                />
              )}
              share={(m) => (
                // This watch page at the moment: ?tag= opens Comments and starts there.
                <SharePanel
                  pageUrl={`${window.location.origin}${info.basePath}?tag=${encodeURIComponent(m._id)}`}
                  title={`${video.title}: ${m.tag}`}
                  subject={{ type: 'moment', id: m._id, videoUid: uid, channelId: channel }}
                />
              )}
            />
          ),
          gifs: ({ player }) => (
            <GifsPanel
              videoUid={uid}
              openGifId={gifId}
              createHref={() => paths.createGif.getHref(uid, channel, player?.video.currentTime ?? 0)}
            />
          ),
          watchParty: ({ video }) => <WatchPartyTab video={video} />,
          ...(live
            ? {
                chat: () => (
                  <ChatPanel
                    chatId={`live-${uid}`}
                    chatroll={site?.perms.chatroll ?? false}
                    loginHref={loginHref('watch', { channel, videoUid: uid })}
                  />
                ),
              }
            : {}),
        },
      }}
    />
  );
}

/** The right menu's Watch Party tab: create a party of this video (§2.3; movies desktop-only, §4.9). */
function WatchPartyTab({ video }: { video: Video }) {
  const { t } = useTranslation('watchParty');
  const live = video.type === 'liveEvent';
  return (
    <div className="party-tab" data-testid="watch-party-tab">
      <p>
        {api.source === 'webMobile'
          ? t('create.mobile')
          : t(live ? 'create.bodyLive' : 'create.body', { title: video.title })}
      </p>
      <CreatePartyButton contentId={video.uid} title={video.title} isLive={live} className="button" />
    </div>
  );
}
