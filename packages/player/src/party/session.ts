import type {
  PartyActionKind,
  PartyClientMessage,
  PartyMessageAnswer,
  PartyServerMessage,
  PartyTimeline,
} from '@marquee/contract';
import { PARTY_DESYNC_MESSAGE, PARTY_PROGRESS_INTERVAL_MS } from '@marquee/domain';
import type { IntervalTimers } from '../heartbeat';
import { createClockEstimator, nextPingDelayMs } from './clock';
import { createPartyFollower, type PartyFollower } from './follower';
import { createPartyHost, type PartyHost } from './host';
import type { PartyMedia } from './media';
import { positionAt } from './timeline';

/** How the binding talks to the room (the realtime socket's `party:message`, or a test's). */
export type PartyTransport = {
  send(message: PartyClientMessage): Promise<PartyMessageAnswer | void>;
  /** Calls `on` with each server message of this party; answers the unsubscribe. */
  subscribe(on: (message: PartyServerMessage) => void): () => void;
};

type MediaEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export type PartySyncOptions = {
  media: PartyMedia;
  /** Where the media's events fire (the `<video>`): timeupdate, play, pause, seeking, seeked, loadedmetadata. */
  events: MediaEvents;
  role: 'host' | 'guest';
  /** The room's timeline from `party:join` (a reconnect follows from where the party is). */
  initial: PartyTimeline | null;
  transport: PartyTransport;
  timers?: IntervalTimers;
  /** The viewer lost sync (their own check or the server's): the spec's bot message. */
  onDesync?: (message: string) => void;
  /** The shared clock is known (the first pong): actions can be stamped from now on. */
  onClock?: () => void;
};

export type PartySync = {
  /** A room state from elsewhere (a rejoin after a reconnect). */
  receive(timeline: PartyTimeline): void;
  /** An ad, the age gate or loading owns the element: leave it alone and tell the room. */
  setReady(ready: boolean): void;
  /** Follow again after a desync. */
  resync(): void;
  /** The host's action (its own player's controls are picked up without this). */
  act(kind: PartyActionKind, target?: number): void;
  /** Shared clock minus ours; null until the first pong. */
  offsetMs(): number | null;
  destroy(): void;
};

const realTimers: IntervalTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** A timeline without its message's `type` (and an action's `kind`). */
const bare = (t: PartyTimeline): PartyTimeline => ({
  seq: t.seq,
  at: t.at,
  position: t.position,
  playing: t.playing,
});

/** A seek further than this from where the party is counts as the host's own (not the follower's). */
const HOST_SEEK_INTENT_S = 1.5;

/**
 * The party sync on a real player (decision 0046): the clock pings, the host or follower of
 * decision 0042 fed with the room's messages, `update` on the media's events, the 3 s progress
 * beat, and, for the host, its own player's play, pause and seek turned into scheduled actions.
 * A media event is the host's own only when it contradicts both the timeline in force and the
 * newest one (the follower only ever moves the media toward those), so the follower's own
 * corrections never echo back as actions.
 */
export function bindPartySync(options: PartySyncOptions): PartySync {
  const { media, events, transport } = options;
  const timers = options.timers ?? realTimers;
  const clock = createClockEstimator();
  let destroyed = false;
  let ready = true;
  let desyncTold = false;

  const desync = () => {
    if (desyncTold) return;
    desyncTold = true;
    options.onDesync?.(PARTY_DESYNC_MESSAGE);
  };

  const send = (message: PartyClientMessage) => {
    if (destroyed) return Promise.resolve(undefined);
    return transport.send(message).catch(() => undefined);
  };

  const common = { media, timers, clockOffsetMs: () => clock.offsetMs() };
  let host: PartyHost | null = null;
  let follower: PartyFollower;
  if (options.role === 'host') {
    host = createPartyHost({
      ...common,
      timeline: options.initial ?? undefined,
      onReport: (report) => void send(report),
    });
    follower = host.follower;
  } else {
    follower = createPartyFollower({ ...common, onDesync: desync });
  }
  if (options.initial && !host) follower.receive(bare(options.initial));

  let pingTimer: unknown = null;
  const ping = () => {
    const clientSentAt = timers.now();
    void send({ type: 'party.clock.ping', clientSentAt }).then((answer) => {
      if (destroyed) return;
      if (answer && answer.pong) {
        // The first offset places the timelines received so far.
        if (clock.add(answer.pong, timers.now()) && clock.size() === 1) {
          onUpdate();
          options.onClock?.();
        }
      }
      pingTimer = timers.setTimeout(ping, nextPingDelayMs(clock.size()));
    });
  };
  ping();

  const unsubscribe = transport.subscribe((message) => {
    if (destroyed) return;
    if (message.type === 'party.action') follower.receive(bare(message));
    else if (message.type === 'party.state') follower.receive(bare(message.timeline));
    else if (message.type === 'party.desync') desync();
  });

  let beatTimer: unknown = null;
  const beat = () => {
    if (host) {
      const report = host.progress();
      if (report) void send(report);
    } else {
      // A paused element fires no timeupdate: a correction it dropped (a seek asked for before it
      // had metadata, then reset by the engine) is retried here rather than never.
      follower.update();
      const check = follower.progressCheck();
      if (check) void send(check.progress);
    }
    beatTimer = timers.setTimeout(beat, PARTY_PROGRESS_INTERVAL_MS);
  };
  beatTimer = timers.setTimeout(beat, PARTY_PROGRESS_INTERVAL_MS);

  const act = (kind: PartyActionKind, target?: number) => {
    if (!host) return;
    const action = host.act(kind, target);
    if (action) void send(action);
  };

  /** Where the timelines in force and newest put the host now (null before the clock or a timeline). */
  const intended = () => {
    const now = follower.sharedNow();
    const current = follower.current();
    const latest = follower.latest();
    if (now === null || !current || !latest) return null;
    return {
      current,
      latest,
      currentAt: positionAt(current, now),
      latestAt: positionAt(latest, Math.max(now, latest.at)),
    };
  };

  const onUpdate = () => (host ? host.update() : follower.update());
  const onPlay = () => {
    const i = intended();
    if (host && i && !i.current.playing && !i.latest.playing) act('play');
    onUpdate();
  };
  const onPause = () => {
    const i = intended();
    if (host && i && i.current.playing && i.latest.playing && !(media as { ended?: boolean }).ended)
      act('pause');
    onUpdate();
  };
  const onSeeking = () => {
    const i = intended();
    const at = media.currentTime;
    if (
      host &&
      i &&
      Math.abs(at - i.currentAt) > HOST_SEEK_INTENT_S &&
      Math.abs(at - i.latestAt) > HOST_SEEK_INTENT_S
    )
      act('seek', at);
  };
  const listeners: Array<[string, () => void]> = [
    ['timeupdate', onUpdate],
    ['seeked', onUpdate],
    ['loadedmetadata', onUpdate],
    ['play', onPlay],
    ['pause', onPause],
    ['seeking', onSeeking],
  ];
  for (const [name, fn] of listeners) events.addEventListener(name, fn);

  return {
    receive: (timeline) => follower.receive(bare(timeline)),
    setReady(next) {
      if (next === ready) return;
      ready = next;
      follower.setReady(next);
      void send({ type: 'party.ready', ready: next });
    },
    resync() {
      desyncTold = false;
      follower.resync();
    },
    act,
    offsetMs: () => clock.offsetMs(),
    destroy() {
      destroyed = true;
      unsubscribe();
      for (const [name, fn] of listeners) events.removeEventListener(name, fn);
      if (pingTimer !== null) timers.clearTimeout(pingTimer);
      if (beatTimer !== null) timers.clearTimeout(beatTimer);
      follower.destroy();
    },
  };
}
