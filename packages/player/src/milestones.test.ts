import { describe, expect, it } from 'vitest';
import { createEmitter } from './events';
import { trackMilestones } from './milestones';
import type { PlayerEvents } from './player';

function setup(duration: number) {
  const emitter = createEmitter<PlayerEvents>();
  const log: string[] = [];
  const stop = trackMilestones(emitter, {
    onExitMessage: (visible) => log.push(visible ? 'exit:show' : 'exit:hide'),
    onReward: () => log.push('reward'),
  });
  const at = (currentTime: number) => emitter.emit('timeupdate', { currentTime, duration });
  return { emitter, log, stop, at };
}

describe('exit message and reward (playback-and-social §4.8)', () => {
  it('shows the exit message 15 s before the end and fires the reward once at 90 %', () => {
    const { log, at } = setup(100);
    at(84.9);
    expect(log).toEqual([]);
    at(85);
    expect(log).toEqual(['exit:show']);
    at(90);
    at(95);
    expect(log).toEqual(['exit:show', 'reward']);
  });

  it('uses 0.9 of the length for items under 45 s, and hides after a seek back or the end', () => {
    const { emitter, log, at } = setup(40);
    at(35.9);
    expect(log).toEqual([]);
    at(36);
    expect(log).toEqual(['exit:show', 'reward']);
    at(10);
    expect(log.at(-1)).toBe('exit:hide');
    at(37);
    emitter.emit('ended', { duration: 40 });
    expect(log).toEqual(['exit:show', 'reward', 'exit:hide', 'exit:show', 'exit:hide']);
  });

  it('ignores live content (no finite duration) and stops on cleanup', () => {
    const live = setup(Infinity);
    live.at(1e6);
    expect(live.log).toEqual([]);
    const vod = setup(100);
    vod.at(86);
    vod.stop();
    vod.at(95);
    expect(vod.log).toEqual(['exit:show', 'exit:hide']);
  });
});
