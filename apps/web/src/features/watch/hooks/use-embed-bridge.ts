import { useEffect } from 'react';
import { trackMilestones, type Player as CorePlayer } from '@marquee/player';
import {
  EMBED_EVENT_SOURCE,
  createEventThrottle,
  embedTargetOrigin,
  isAllowedEmbedOrigin,
  parseEmbedCommand,
  type EmbedEvent,
} from '@marquee/domain';

/**
 * The embed's postMessage control API (discovery-and-site §2.12, decision 0028). Commands
 * (play, pause, seek, mute) are obeyed only when they come from the parent window AND from one of
 * the site's allow-listed origins; events (ready, play, pause, timeupdate once a second, ended,
 * reward at 90 %, error) go only to the parent at an allow-listed origin (its referrer, or the origin of the first
 * accepted command), never to '*'.
 */
export function useEmbedBridge(
  player: CorePlayer | null,
  opts: { enabled: boolean; allowedOrigins: readonly string[]; videoUid: string },
) {
  const { enabled, allowedOrigins, videoUid } = opts;
  useEffect(() => {
    if (!enabled || !player || typeof window === 'undefined' || window.parent === window) return;
    const parent = window.parent;
    let accepted: string | null = null;
    const target = () => embedTargetOrigin([accepted, document.referrer], allowedOrigins);
    const send = (event: EmbedEvent) => {
      const origin = target();
      if (origin) parent.postMessage({ source: EMBED_EVENT_SOURCE, ...event }, origin);
    };

    const onMessage = (e: MessageEvent) => {
      if (e.source !== parent || !isAllowedEmbedOrigin(e.origin, allowedOrigins)) return;
      const command = parseEmbedCommand(e.data);
      if (!command) return;
      accepted = e.origin;
      switch (command.type) {
        case 'play':
          void player.play().catch(() => undefined);
          break;
        case 'pause':
          player.pause();
          break;
        case 'seek':
          player.seek(command.time);
          break;
        case 'mute':
          player.setMuted(command.muted);
          break;
      }
    };
    window.addEventListener('message', onMessage);

    const mayTick = createEventThrottle();
    const duration = () => (Number.isFinite(player.video.duration) ? player.video.duration : 0);
    const offs = [
      player.on('ready', ({ duration: d }) => send({ type: 'ready', videoUid, duration: d })),
      player.on('playing', ({ currentTime }) => send({ type: 'play', currentTime })),
      player.on('pause', ({ currentTime }) => send({ type: 'pause', currentTime })),
      player.on('timeupdate', ({ currentTime, duration: d }) => {
        if (mayTick(performance.now())) send({ type: 'timeupdate', currentTime, duration: d });
      }),
      player.on('ended', ({ duration: d }) => send({ type: 'ended', duration: d })),
      trackMilestones(player, {
        onReward: () => send({ type: 'reward', currentTime: player.video.currentTime }),
      }),
      player.on('error', (err) => send({ type: 'error', code: err.kind, message: err.message })),
    ];
    // The player may be ready before this ran: say so once.
    if (player.video.readyState >= 1) send({ type: 'ready', videoUid, duration: duration() });
    return () => {
      window.removeEventListener('message', onMessage);
      offs.forEach((off) => off());
    };
  }, [enabled, player, allowedOrigins, videoUid]);
}
