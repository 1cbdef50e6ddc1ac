import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Player } from '../player';
import { partyMedia } from './media';

function fakePlayer() {
  const video = { currentTime: 12.5, paused: true, seeking: false, playbackRate: 1 };
  return {
    video,
    play: vi.fn(async () => {
      video.paused = false;
    }),
    pause: vi.fn(() => {
      video.paused = true;
    }),
    seek: vi.fn((s: number) => {
      video.currentTime = s;
      video.seeking = true;
    }),
  };
}

describe('partyMedia', () => {
  it('takes the player facade as it is', () => {
    expectTypeOf<Player>().toExtend<Parameters<typeof partyMedia>[0]>();
    expectTypeOf<{ video: HTMLVideoElement }>().not.toExtend<Parameters<typeof partyMedia>[0]>();
  });

  it('reads the video live, not a copy taken at creation', () => {
    const player = fakePlayer();
    const media = partyMedia(player);
    player.video.currentTime = 40;
    player.video.seeking = true;
    expect(media.currentTime).toBe(40);
    expect(media.seeking).toBe(true);
  });

  it('commands go through the facade; the rate goes to the video', async () => {
    const player = fakePlayer();
    const media = partyMedia(player);
    await media.play();
    expect(player.play).toHaveBeenCalledOnce();
    expect(media.paused).toBe(false);
    media.seek(90);
    expect(player.seek).toHaveBeenCalledWith(90);
    media.playbackRate = 1.05;
    expect(player.video.playbackRate).toBe(1.05);
    media.pause();
    expect(media.paused).toBe(true);
  });
});
