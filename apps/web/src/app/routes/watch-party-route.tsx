import type { Video } from '@marquee/contract';
import { useCallback, useEffect, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Player as CorePlayer } from '@marquee/player';
import {
  AgeRestricted,
  BirthDateModal,
  useAgeGate,
  useLiveEventPlayback,
  watchStateStore,
} from '../../features/watch';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../components/status-message';
import { PartyScreen, partyWatchState } from '../../features/watch-party';
import { ChatPanel } from '../../features/chat';
import { useSiteConfig } from '../../features/site';
import { loginHref, RequireLogin } from '../../lib/session';
import { paths } from '../../config/paths';

/** `/watch-party?pid` (main.watch-party {pid}): the lobby and the party; login required (odrc=watchPartyLobby). Lazy. */
export default function WatchPartyRoute() {
  const [query] = useSearchParams();
  const pid = query.get('pid') ?? '';
  return (
    <RequireLogin intent="watchPartyLobby" params={{ pid }}>
      <Party pid={pid} returnTo={loginHref('watchPartyLobby', { pid })} />
    </RequireLogin>
  );
}

/**
 * `/channel/{channelId}/live/{videoUid}/watch-party/{hostId}` (§2.2 live event watch party, variant
 * channel-live-event-party: the last segment is the pid): the same lobby and party screen, at the
 * live edge (decision 0051); login required (odrc=watchParty brings the viewer back here). Lazy.
 */
export function LiveWatchPartyRoute() {
  const { channelId = '', videoUid = '', hostId: pid = '' } = useParams();
  const back = { channel: channelId, liveEventUid: videoUid, hostId: pid };
  // §2.2's watch state of this route: watch-party, channel-live-event-party.
  useEffect(() => {
    if (channelId && videoUid) watchStateStore.set(partyWatchState(pid, videoUid, channelId));
  }, [channelId, videoUid, pid]);
  return (
    <RequireLogin intent="watchParty" params={back}>
      <Party pid={pid} live={{ channelId, videoUid }} returnTo={loginHref('watchParty', back)} />
    </RequireLogin>
  );
}

function Party({
  pid,
  live,
  returnTo,
}: {
  pid: string;
  /** On the live route: the channel and the event it names. */
  live?: { channelId: string; videoUid: string };
  returnTo: string;
}) {
  const { t } = useTranslation('watchParty');
  const navigate = useNavigate();
  const config = useSiteConfig().data;
  const onLive = live !== undefined;
  // §2.2's watch state of the VOD party screen once it knows the party's video (the live route records its own).
  const onContent = useCallback(
    (contentId: string) => {
      if (!onLive) watchStateStore.set(partyWatchState(pid, contentId));
    },
    [pid, onLive],
  );
  if (!pid) {
    return (
      <StatusMessage kind="error" title={t('title')} testId="party-error">
        {t('errors.invalid')}
      </StatusMessage>
    );
  }
  const exit = () => void navigate(paths.home.getHref());
  // Not live (yet, or any more): the countdown page, which comes back to this party when it plays.
  const notLive = live
    ? () =>
        void navigate(paths.notLive.getHref(live.videoUid, { channel: live.channelId, hostId: pid }), {
          replace: true,
        })
    : undefined;
  return (
    <PartyScreen
      key={pid}
      pid={pid}
      liveEventUid={live?.videoUid}
      onContent={onContent}
      onExit={exit}
      livePlayback={(at) => <LivePlayback {...at} onNotLive={notLive} />}
      gate={(video, player) => <PartyAgeGate video={video} player={player} onBack={exit} />}
      chat={
        config?.perms.hideChat ? undefined : (
          <ChatPanel
            chatId={`party-${pid}`}
            chatroll={config?.perms.chatroll ?? false}
            loginHref={returnTo}
          />
        )
      }
    />
  );
}

/** The age gate (§4.2) before the party's player, as on the watch screen; the room does not wait. */
function PartyAgeGate({
  video,
  player,
  onBack,
}: {
  video: Video | undefined;
  player: ReactNode;
  onBack: () => void;
}) {
  const gate = useAgeGate(video);
  if (gate.state === 'tooYoung') return <AgeRestricted onBack={onBack} />;
  if (gate.state === 'noAge') {
    return (
      <>
        <div className="party__placeholder" />
        <BirthDateModal onSubmit={gate.submit} onCancel={onBack} saving={gate.saving} />
      </>
    );
  }
  if (gate.state === 'pending') return <div className="party__placeholder" aria-busy="true" />;
  return <>{player}</>;
}

/** A live party's player keeps the live event's rules (§4.1, §4.7): the live edge, and not live → the countdown. */
function LivePlayback({
  player,
  video,
  notLive,
  refetchPlayUrl,
  onNotLive,
}: {
  player: CorePlayer | null;
  video: Video | undefined;
  notLive: boolean;
  refetchPlayUrl: () => unknown;
  onNotLive: (() => void) | undefined;
}) {
  useLiveEventPlayback(player, video, notLive, refetchPlayUrl, onNotLive);
  return null;
}
