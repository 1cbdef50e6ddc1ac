import { describe, expect, it } from 'vitest';
import { trackFullscreen, type FullscreenDocument, type FullscreenLog } from './fullscreen-log';

function world() {
  const video = Object.assign(new EventTarget(), { currentTime: 12.5 }) as unknown as HTMLVideoElement;
  const container = { contains: (n: unknown) => n === video } as unknown as Element;
  const other = { contains: () => false } as unknown as Element;
  const doc = Object.assign(new EventTarget(), { fullscreenElement: null as Element | null });
  const logs: FullscreenLog[] = [];
  const stop = trackFullscreen(video, 'v1', (e) => logs.push(e), doc as unknown as FullscreenDocument);
  const change = (el: Element | null, event = 'fullscreenchange') => {
    doc.fullscreenElement = el;
    doc.dispatchEvent(new Event(event));
  };
  return { video, container, other, logs, stop, change };
}

describe('fullscreen logs (playback-and-social §7 fullscreen-logs; decision 0060)', () => {
  it('logs enter and exit with the video uid and position when the player’s box goes fullscreen', () => {
    const w = world();
    w.change(w.container);
    (w.video as { currentTime: number }).currentTime = 30.1234;
    w.change(null);
    expect(w.logs).toEqual([
      { type: 'enter', args: ['v1', 12.5] },
      { type: 'exit', args: ['v1', 30.123] },
    ]);
  });

  it('ignores another element going fullscreen, and a repeated report of the same state', () => {
    const w = world();
    w.change(w.other);
    expect(w.logs).toEqual([]);
    w.change(w.video);
    w.change(w.video, 'webkitfullscreenchange');
    expect(w.logs.map((l) => l.type)).toEqual(['enter']);
  });

  it('hears iOS’s video-only fullscreen events, and nothing after the unbind', () => {
    const w = world();
    w.video.dispatchEvent(new Event('webkitbeginfullscreen'));
    w.video.dispatchEvent(new Event('webkitendfullscreen'));
    w.stop();
    w.change(w.video);
    expect(w.logs.map((l) => l.type)).toEqual(['enter', 'exit']);
  });
});
