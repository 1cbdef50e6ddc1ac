import { useApi } from '@marquee/api-client/react';
import { Player, usePartyRoom, usePartySync, type PlayerState } from '@marquee/player/react';
import type { Player as CorePlayer } from '@marquee/player';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { useMe } from '../../../lib/use-me';
import { useRemote } from '../../../lib/remote';
import { useHandOver, usePartyPlayUrl, useWatchParty } from '../api/use-party';
import { partyProblem } from './join-party-screen';

/**
 * /tvn/{type}/party/{pid}: the party's content full screen, following the host (decisions 0042,
 * 0046; the TV is always a guest). The remote does not drive the player: Back leaves, any key
 * brings the sound back (autoplay starts muted).
 */
export function PartyScreen({ pid, onLeave }: { pid: string; onLeave: () => void }) {
  const { t } = useTranslation('party');
  const { serverNow } = useApi();
  const user = useMe().data;
  const session = useWatchParty(pid);
  const s = session.data;
  const isMember = !!s && s.members.some((m) => m.userId === user?.id);
  const room = usePartyRoom(pid, !!s && s.state !== 'ended' && isMember);
  const active = s?.state === 'active';
  const playUrl = usePartyPlayUrl(active ? s.contentId : undefined);
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  const [playerState, setPlayerState] = useState<PlayerState | null>(null);
  const sync = usePartySync({
    player,
    role: room.state && active ? 'guest' : null,
    initial: room.state?.timeline ?? null,
    transport: room.transport,
    ready: !!playerState?.ready,
  });

  // The TV never hosts: made host (the host's drop rule), it hands over to a member who may.
  const handOver = useHandOver(pid);
  const nextHost = s?.members.find((m) => m.userId !== user?.id && m.connected && m.canHost)?.userId;
  const madeHost = !!s && active && s.host === user?.id;
  useEffect(() => {
    if (madeHost && nextHost) handOver(nextHost);
  }, [madeHost, nextHost, handOver]);

  useRemote((action) => {
    if (player?.video.muted) player.setMuted(false);
    if (action === 'back' || action === 'stop' || action === 'exit') onLeave();
    else if (action === 'enter' && sync.desync) sync.resync();
    return true;
  });

  let body;
  if (session.isPending) body = <StatusMessage kind="loading" title={t('joinTitle')} />;
  else if (session.isError || !s)
    body = (
      <StatusMessage kind="error" title={t('joinTitle')}>
        {partyProblem(session.error, t)}
      </StatusMessage>
    );
  else if (s.state === 'ended') body = <StatusMessage kind="empty" title={t('ended')} testId="party-ended" />;
  else if (!isMember || !active)
    body = <StatusMessage kind="loading" title={t('waiting')} testId="party-waiting" />;
  else if (playUrl.isError)
    body = (
      <StatusMessage kind="error" title={t('joinTitle')}>
        {partyProblem(playUrl.error, t)}
      </StatusMessage>
    );
  else
    body = playUrl.data ? (
      <Player
        src={playUrl.data.url}
        provider={playUrl.data.provider}
        expiresAt={playUrl.data.expiresAt}
        serverNow={serverNow}
        autoplay={false}
        muted
        controls={false}
        unmuteButton={false}
        fill
        title={s.hostName}
        onPlayer={setPlayer}
        onStateChange={setPlayerState}
      />
    ) : null;

  return (
    <div
      className="tv-player tv-party"
      data-testid="tv-party"
      data-state={s?.state}
      data-synced={room.state ? true : undefined}
    >
      {body}
      {s && active ? (
        <div className="tv-party__badge" role="status">
          {t('following', { host: s.hostName })}
        </div>
      ) : null}
      {sync.desync ? (
        <p className="tv-player__exit" role="alert" data-testid="party-desync">
          {sync.desync}
        </p>
      ) : null}
      {room.error ? (
        <p className="tv-player__exit" role="alert">
          {partyProblem(room.error, t)}
        </p>
      ) : null}
      <p className="tv-hint tv-party__hint">{t('pressBack')}</p>
    </div>
  );
}
