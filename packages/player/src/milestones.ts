import { exitMessageAt, rewardAt } from '@marquee/domain';
import type { Player } from './player';

export interface MilestoneHandlers {
  /** The exit message shows (true) from its point to the end, and hides (false) after a seek back. */
  onExitMessage?: (visible: boolean) => void;
  /** Once per viewing, when the playhead reaches 90 %. */
  onReward?: () => void;
}

/**
 * The two points of a VOD item's timeline (playback-and-social §4.8, §9): "an exit message appears 15 s
 * before the end (at 0.9 of the length when the length is under 45 s)" and "a reward event fires at
 * 90% of the duration". Live content has no end, so nothing fires for it.
 */
export function trackMilestones(player: Pick<Player, 'on'>, handlers: MilestoneHandlers): () => void {
  let showing = false;
  let rewarded = false;
  const show = (visible: boolean) => {
    if (visible === showing) return;
    showing = visible;
    handlers.onExitMessage?.(visible);
  };
  const offs = [
    player.on('timeupdate', ({ currentTime, duration }) => {
      if (!Number.isFinite(duration) || duration <= 0) return;
      show(currentTime >= exitMessageAt(duration));
      if (!rewarded && currentTime >= rewardAt(duration)) {
        rewarded = true;
        handlers.onReward?.();
      }
    }),
    player.on('ended', () => show(false)),
  ];
  return () => {
    offs.forEach((off) => off());
    show(false);
  };
}
