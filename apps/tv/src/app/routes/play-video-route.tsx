import type { EndOfVideoAction } from '@marquee/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { LiveChatColumn } from '../../features/chat';
import { PlayVideo } from '../../features/playback';
import { useSiteConfig } from '../../features/site';
import { useLeave } from './use-leave';

/** /tvn/{type}/play-video/{channelId}/{videoUid} (lazy: it pulls in the player). */
export default function PlayVideoRoute() {
  const { type = 'generic', channelId = '', videoUid = '' } = useParams();
  const leave = useLeave(type);
  const navigate = useNavigate();
  const location = useLocation();
  const config = useSiteConfig().data;
  // A live event's chat, read-only on TV, unless the site hides chat or has it off.
  const chatOn = !!config && config.chat.enabled && !config.perms.hideChat;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [videoUid]);

  // §4.5 on the TV's screens. Replace: Back on the next video leaves to where the viewer came from.
  const onEnd = useCallback(
    (action: EndOfVideoAction) => {
      switch (action.kind) {
        case 'back':
        case 'watchParty': // VOD watch parties are not built; rule 2 never applies yet.
          return leave();
        case 'moviePage':
          return void navigate(paths.movie.getHref(type, action.movieUid, channelId), { replace: true });
        case 'seriesPage':
          return void navigate(paths.series.getHref(type, action.seriesUid, channelId), { replace: true });
        case 'episode':
        case 'video': {
          const from = action.kind === 'episode' ? { seriesUid: action.seriesUid } : {};
          const href = paths.playVideo.getHref(type, channelId, action.uid, from);
          timer.current = setTimeout(() => void navigate(href, { replace: true }), action.delayMs);
        }
      }
    },
    [type, channelId, leave, navigate],
  );

  return (
    <PlayVideo
      key={videoUid}
      platform={type}
      here={`${location.pathname}${location.search}`}
      channelId={channelId}
      videoUid={videoUid}
      onLeave={leave}
      onEnd={onEnd}
      liveChat={chatOn ? (uid) => <LiveChatColumn chatId={`live-${uid}`} /> : undefined}
    />
  );
}
