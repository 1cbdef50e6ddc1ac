import { ApiError } from '@marquee/api-client';
import { useSession } from '@marquee/api-client/react';
import type { Player as CorePlayer } from '@marquee/player';
import { Player, usePartySync, type PlayerState } from '@marquee/player/react';
import type { Video, WatchPartySession } from '@marquee/contract';
import { classifyPlayUrl, endOfVideoAction, partyFitsLiveRoute } from '@marquee/domain';
import { useEffect, useId, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { StatusMessage } from '../../../components/status-message';
import { api } from '../../../lib/api';
import {
  usePartyContent,
  usePartyPlayUrl,
  usePartyRoom,
  useUpdateParty,
  useWatchParty,
} from '../api/use-party';
import { nextSyncPrompt } from '../utils/sync-prompt';
import { PartySharePanel } from './party-share-panel';
import '../watch-party.css';

/** §8's session messages for a refused call, else the server's own message. */
function partyError(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t('errors.createFailed');
  if (error.code === 'invalidWatchParty') return t('errors.invalid');
  if (error.code === 'watchPartyExpired') return t('errors.expired');
  if (error.code === 'watchPartyDisabled') return t('errors.unavailable');
  return error.message || t('errors.createFailed');
}

/** What the route runs beside a live party's player (the live event's playback rules, §4.7). */
export type LivePartyPlayback = (at: {
  player: CorePlayer | null;
  video: Video | undefined;
  /** play-url said the event is not live. */
  notLive: boolean;
  refetchPlayUrl: () => unknown;
}) => ReactNode;

/**
 * `/watch-party?pid` (§2.2 lobby; §4.9) and a live event's party route (decision 0051): the lobby
 * (state and its label, the join prompt) and, once in, the party: the player synced to the host
 * (decisions 0042, 0046; a live party's players all stay at the live edge instead), the Watch Party
 * panel (viewers, host controls, leave), the share panel and the Chat tab's place.
 */
export function PartyScreen({
  pid,
  liveEventUid,
  onExit,
  livePlayback,
  gate,
  chat,
  onContent,
}: {
  pid: string;
  /** On the live route: the event it names; a party of anything else is 'invalid Watch Party'. */
  liveEventUid?: string;
  onExit: () => void;
  /** For a live party: the live event's playback rules (live edge, not live), composed by the route. */
  livePlayback?: LivePartyPlayback;
  /**
   * What must pass before the party's player mounts (the age gate, composed by the route): it
   * renders `player` when the viewer may watch. Meanwhile the room goes on without them.
   */
  gate?: (video: Video | undefined, player: ReactNode) => ReactNode;
  /** The party's chat (composed by the route: the chat feature, in the room `party-{pid}`). */
  chat?: ReactNode;
  /** Told the party's video once known, and again when the host changes it (the route records the watch state). */
  onContent?: (contentId: string) => void;
}) {
  const { t } = useTranslation('watchParty');
  const { user } = useSession();
  const session = useWatchParty(pid);
  const update = useUpdateParty(pid);
  const [entered, setEntered] = useState(false);
  const [promptDismissed, setPromptDismissed] = useState(false);
  const s = session.data;
  const me = user?.id ?? '';
  const isHost = !!s && s.host === me;
  const isMember = !!s && s.members.some((m) => m.userId === me);
  // In the room: members always (their sockets count), lobby watchers while it waits to start.
  const room = usePartyRoom(pid, !!s && s.state !== 'ended' && (isMember || s.state === 'notStarted'));
  const content = usePartyContent(pid, !!s);
  const contentId = s?.contentId;
  useEffect(() => {
    if (contentId) onContent?.(contentId);
  }, [contentId, onContent]);
  // The state last seen: the prompt is for a party that starts while the viewer waits, not one already on.
  const seen = useRef<string | null>(null);

  // "Viewers are prompted with 'host has started, join now'": a guest waiting in the lobby.
  const [prompt, setPrompt] = useState(false);
  useEffect(() => {
    if (!s) return;
    if (seen.current === 'notStarted' && s.state === 'active' && !isHost && !entered && !promptDismissed)
      setPrompt(true);
    seen.current = s.state;
  }, [s, isHost, entered, promptDismissed]);

  const join = async () => {
    setPrompt(false);
    try {
      if (!isMember) await update.mutateAsync({ action: 'joined' });
      setEntered(true);
    } catch {
      // The error shows below the lobby button.
    }
  };
  const start = async () => {
    try {
      await update.mutateAsync({ action: 'start' });
      setEntered(true);
    } catch {
      // shown below
    }
  };

  if (session.isPending) {
    return (
      <div className="party party--loading" aria-busy="true" data-testid="party-loading">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  if (session.isError || !s || (liveEventUid !== undefined && !partyFitsLiveRoute(s, liveEventUid))) {
    return (
      <StatusMessage kind="error" title={t('title')} testId="party-error">
        {s ? t('errors.invalid') : partyError(session.error, t)}
      </StatusMessage>
    );
  }

  const inParty = entered && s.state === 'active';
  if (!inParty) {
    const label = t(`states.${s.state}`);
    return (
      <section className="party-lobby" data-testid="party-lobby" data-state={s.state}>
        <h1 className="party-lobby__title">{content.data?.title ?? t('title')}</h1>
        {content.data?.thumbnail ? (
          <img className="party-lobby__image" src={content.data.thumbnail} alt="" width={480} height={270} />
        ) : null}
        <p className="party-lobby__host">{isHost ? t('youHost') : t('hostedBy', { name: s.hostName })}</p>
        {s.state === 'ended' ? (
          <p className="party-lobby__ended" role="status" data-testid="party-ended">
            {label}
          </p>
        ) : s.state === 'active' ? (
          <button
            type="button"
            className="button"
            onClick={() => void join()}
            disabled={update.isPending}
            data-testid="party-join"
          >
            {label}
          </button>
        ) : isHost ? (
          <button
            type="button"
            className="button"
            onClick={() => void start()}
            disabled={update.isPending}
            data-testid="party-start"
          >
            {label}
          </button>
        ) : (
          <>
            <button type="button" className="button" disabled aria-describedby={`${pid}-wait`}>
              {label}
            </button>
            <p id={`${pid}-wait`} role="status" data-testid="party-waiting">
              {t('waiting', { name: s.hostName })}
            </p>
          </>
        )}
        {update.error || room.error ? (
          <p className="party-lobby__error" role="alert" data-testid="party-action-error">
            {partyError(update.error ?? room.error, t)}
          </p>
        ) : null}
        {prompt ? (
          <Modal
            title={t('prompt.title')}
            onClose={() => (setPrompt(false), setPromptDismissed(true))}
            testId="party-prompt"
          >
            <p>{t('prompt.body')}</p>
            <div className="party-actions">
              <button
                type="button"
                className="button button--ghost"
                onClick={() => (setPrompt(false), setPromptDismissed(true))}
              >
                {t('prompt.cancel')}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => void join()}
                data-testid="party-prompt-join"
              >
                {t('prompt.join')}
              </button>
            </div>
          </Modal>
        ) : null}
      </section>
    );
  }

  return (
    <PartyRoom
      chat={chat}
      session={s}
      me={me}
      room={room}
      videoUid={s.contentId}
      video={content.data}
      gate={gate}
      livePlayback={livePlayback}
      title={content.data?.title ?? ''}
      onLeft={onExit}
      // §4.5: autoPlay off goes back; otherwise (rule 2) a VOD party's viewers go to the party page.
      onEnded={() => {
        // A live stream's end is the live playback rules' (play-url again, then the not-live page).
        if (s.isLive) return;
        const ended = { uid: s.contentId, type: content.data?.type ?? 'video', series: content.data?.series };
        const action = endOfVideoAction(ended, { autoPlay: user?.autoPlay ?? true, vodWatchParty: true });
        if (action.kind === 'watchParty') setEntered(false);
        else onExit();
      }}
    />
  );
}

type Tab = 'party' | 'share' | 'chat';
const TABS: Tab[] = ['party', 'share', 'chat'];

function PartyRoom({
  session: s,
  me,
  room,
  videoUid,
  video,
  gate = (_video, player) => player,
  livePlayback,
  chat,
  title,
  onLeft,
  onEnded,
}: {
  session: WatchPartySession;
  me: string;
  room: ReturnType<typeof usePartyRoom>;
  videoUid: string;
  video: Video | undefined;
  gate?: (video: Video | undefined, player: ReactNode) => ReactNode;
  livePlayback?: LivePartyPlayback;
  chat?: ReactNode;
  title: string;
  onLeft: () => void;
  onEnded: () => void;
}) {
  const { t } = useTranslation('watchParty');
  const playUrl = usePartyPlayUrl(videoUid);
  const update = useUpdateParty(s.pid);
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  const [playerState, setPlayerState] = useState<PlayerState | null>(null);
  const [tab, setTab] = useState<Tab>('party');
  const [confirmLeave, setConfirmLeave] = useState(false);
  const base = useId();
  const isHost = s.host === me;
  // A live party has no position to share: everyone plays at the live edge, each player is its
  // viewer's own (a host's pause pauses only the host), and no sync messages are sent (decision 0051).
  const live = s.isLive;
  const sync = usePartySync({
    player,
    role: room.state && !live ? (isHost ? 'host' : 'guest') : null,
    initial: room.state?.timeline ?? null,
    transport: room.transport,
    ready: !!playerState?.ready,
  });

  // §2.3 "confirm player sync": a guest who lost sync is asked to resync or stay out (decision 0052).
  const [syncPrompt, promptSync] = useReducer(nextSyncPrompt, 'following');
  useEffect(() => {
    if (sync.desync) promptSync('desync');
  }, [sync.desync]);
  useEffect(() => {
    if (isHost) promptSync('host');
  }, [isHost]);
  const resync = () => {
    promptSync('resync');
    sync.resync();
  };

  // "Leaving makes the host confirm": closing the tab too.
  useEffect(() => {
    if (!isHost) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isHost]);

  const nextHost = s.members.find((m) => m.userId !== me && m.connected && m.canHost);
  const leave = () => (isHost ? setConfirmLeave(true) : onLeft());
  const end = async () => {
    sync.act('end');
    await update.mutateAsync({ action: 'end' }).catch(() => {});
    onLeft();
  };
  const handOver = async (hostId: string, thenLeave: boolean) => {
    await update.mutateAsync({ action: 'changeHost', hostId }).catch(() => {});
    if (thenLeave) onLeft();
  };

  // The Chat tab only where the route gives a chat (the site may hide it).
  const tabs = chat ? TABS : TABS.filter((id) => id !== 'chat');
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(i + tabs.length - 1) % tabs.length]
          : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    document.getElementById(`${base}-tab-${next}`)?.focus();
  };

  return (
    <article
      className="party"
      data-testid="party-room"
      data-role={isHost ? 'host' : 'guest'}
      data-synced={sync.clockKnown || undefined}
      data-live={live || undefined}
    >
      <div className="party__stage">
        {gate(
          video,
          playUrl.data?.url ? (
            <Player
              src={playUrl.data.url}
              provider={playUrl.data.provider}
              expiresAt={playUrl.data.expiresAt}
              serverNow={api.serverNow}
              autoplay={live}
              live={live}
              hotkeys={isHost || live}
              title={title}
              onPlayer={setPlayer}
              onStateChange={setPlayerState}
              onEnded={onEnded}
            />
          ) : playUrl.isError ? (
            <StatusMessage kind="error" title={title} onRetry={() => void playUrl.refetch()}>
              {partyError(playUrl.error, t)}
            </StatusMessage>
          ) : (
            <div className="party__placeholder" aria-busy="true" aria-label={t('loading')} />
          ),
        )}
        {live
          ? livePlayback?.({
              player,
              video,
              notLive: classifyPlayUrl({ error: playUrl.error, data: playUrl.data })?.kind === 'notLive',
              refetchPlayUrl: playUrl.refetch,
            })
          : null}
        {!isHost && syncPrompt === 'stayedOut' ? (
          <div className="party__desync" role="status" data-testid="party-desync">
            <span>{t('syncConfirm.outOfSync')}</span>
            <button type="button" className="button" onClick={resync} data-testid="party-resync">
              {t('resync')}
            </button>
          </div>
        ) : null}
      </div>
      <aside className="party__side">
        <div role="tablist" aria-label={t('tabs.label')} className="party__tabs" onKeyDown={onKey}>
          {tabs.map((id) => (
            <button
              key={id}
              id={`${base}-tab-${id}`}
              type="button"
              role="tab"
              aria-selected={tab === id}
              aria-controls={`${base}-panel`}
              tabIndex={tab === id ? 0 : -1}
              className="party__tab"
              data-testid={`party-tab-${id}`}
              onClick={() => setTab(id)}
            >
              {t(`tabs.${id}`)}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${tab}`}
          className="party__panel"
          tabIndex={0}
        >
          {tab === 'party' ? (
            <div data-testid="party-panel">
              <h2 className="party__heading">{title}</h2>
              <p>{isHost ? t('youHost') : t('hostedBy', { name: s.hostName })}</p>
              <h3 className="party__subheading">{t('members')}</h3>
              <ul className="party__members" data-testid="party-members">
                {s.members.map((m) => (
                  <li key={m.userId} className="party__member" data-connected={m.connected || undefined}>
                    <span className="party__dot" aria-hidden="true" />
                    <span>{m.name}</span>
                    <span className="visually-hidden">{m.connected ? t('online') : t('away')}</span>
                    {m.userId === s.host ? <em className="party__badge">{t('host')}</em> : null}
                    {isHost && m.userId !== me && m.canHost ? (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => void handOver(m.userId, false)}
                        data-testid="party-make-host"
                      >
                        {t('makeHost')}
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
              <div className="party-actions">
                {isHost ? (
                  <button type="button" className="button" onClick={() => void end()} data-testid="party-end">
                    {t('end')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={leave}
                  data-testid="party-leave"
                >
                  {t('leave')}
                </button>
              </div>
            </div>
          ) : tab === 'share' ? (
            <PartySharePanel party={s} code={s.code} onDone={() => setTab('party')} />
          ) : (
            <div className="party__chat-slot" data-testid="party-chat-slot" data-party-pid={s.pid}>
              {chat}
            </div>
          )}
        </div>
      </aside>
      {!isHost && syncPrompt === 'asking' ? (
        <Modal title={t('errors.desync')} onClose={() => promptSync('stay')} testId="party-sync-confirm">
          <p>{t('syncConfirm.body')}</p>
          <div className="party-actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => promptSync('stay')}
              data-testid="party-sync-stay"
            >
              {t('syncConfirm.stay')}
            </button>
            <button type="button" className="button" onClick={resync} data-testid="party-sync-resync">
              {t('syncConfirm.resync')}
            </button>
          </div>
        </Modal>
      ) : null}
      {confirmLeave ? (
        <Modal
          title={t('leaveConfirm.title')}
          onClose={() => setConfirmLeave(false)}
          testId="party-leave-confirm"
        >
          <p>{t('leaveConfirm.body')}</p>
          <div className="party-actions party-actions--stack">
            {nextHost ? (
              <button type="button" className="button" onClick={() => void handOver(nextHost.userId, true)}>
                {t('leaveConfirm.handOver', { name: nextHost.name })}
              </button>
            ) : null}
            <button type="button" className="button" onClick={() => void end()} data-testid="party-leave-end">
              {t('leaveConfirm.end')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirmLeave(false)}>
              {t('leaveConfirm.cancel')}
            </button>
          </div>
        </Modal>
      ) : null}
    </article>
  );
}
