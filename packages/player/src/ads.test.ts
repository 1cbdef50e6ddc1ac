import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it, vi } from 'vitest';
import {
  loadAdBreak,
  playAdBreak,
  prefetchVast,
  type AdBreak,
  type AdEvent,
  type AdMedia,
  type VastUrlHandler,
} from './ads';

// Video ads (playback-and-social §4.4: "An ad-active flag is set on adStart and cleared on adDone,
// adError or adSkip"; decision 0026), parsed and tracked by @dailymotion/vast-client.
const T = 'https://ads.test/track';
const vast = (opts: { skip?: string | null; type?: string } = {}) => `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0">
  <Ad id="promo">
    <InLine>
      <AdSystem>Marquee</AdSystem>
      <AdTitle>Promo</AdTitle>
      <Error><![CDATA[${T}?event=error&code=[ERRORCODE]]]></Error>
      <Impression><![CDATA[${T}?event=impression]]></Impression>
      <Creatives>
        <Creative id="promo">
          <Linear${opts.skip === null ? '' : ` skipoffset="${opts.skip ?? '00:00:02.000'}"`}>
            <Duration>00:00:04.000</Duration>
            <TrackingEvents>
              ${['loaded', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'skip']
                .map((e) => `<Tracking event="${e}"><![CDATA[${T}?event=${e}]]></Tracking>`)
                .join('\n')}
            </TrackingEvents>
            <VideoClicks><ClickThrough><![CDATA[https://site.test/subscribe]]></ClickThrough></VideoClicks>
            <MediaFiles>
              <MediaFile delivery="progressive" type="${opts.type ?? 'video/mp4'}" width="640" height="360"><![CDATA[https://ads.test/promo.mp4]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;

const handler = (xml: string): VastUrlHandler => ({
  get: async () => ({ xml: new DOMParser().parseFromString(xml, 'text/xml') }),
});

/** The URLs the tracker fires (in a browser they go out as image pixels). */
function firedBy(adBreak: AdBreak) {
  const fired: string[] = [];
  vi.spyOn(adBreak.tracker, 'trackURLs').mockImplementation((templates: unknown[], macros?: object) => {
    for (const t of templates) {
      let url = typeof t === 'string' ? t : (t as { url: string }).url;
      for (const [k, v] of Object.entries(macros ?? {})) url = url.replace(`[${k}]`, String(v));
      fired.push(url.replace(`${T}?event=`, ''));
    }
  });
  return fired;
}

class FakeMedia implements AdMedia {
  src = '';
  currentTime = 0;
  duration = 4;
  muted = false;
  paused = true;
  refuseSound = false;
  private listeners = new Map<string, Set<() => void>>();
  play = vi.fn(async () => {
    if (this.refuseSound && !this.muted) throw new Error('NotAllowedError');
    this.paused = false;
  });
  pause = vi.fn(() => void (this.paused = true));
  addEventListener(type: string, fn: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: () => void) {
    this.listeners.get(type)?.delete(fn);
  }
  emit(type: string) {
    for (const fn of [...(this.listeners.get(type) ?? [])]) fn();
  }
  at(seconds: number) {
    this.currentTime = seconds;
    this.emit('timeupdate');
  }
  count() {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }
}

const manualTimers = () => {
  const timers: (() => void)[] = [];
  return {
    timers,
    options: { setTimer: (fn: () => void) => timers.push(fn), clearTimer: () => {} },
  };
};

describe('loadAdBreak', () => {
  it('parses the first linear ad: media, duration, skip offset, click-through', async () => {
    const ad = await loadAdBreak('https://ads.test/vast', { urlHandler: handler(vast()) });
    expect(ad).toMatchObject({
      adId: 'promo',
      mediaUrl: 'https://ads.test/promo.mp4',
      mimeType: 'video/mp4',
      durationS: 4,
      skipOffsetS: 2,
      clickThrough: 'https://site.test/subscribe',
    });
  });

  it('a creative without skipoffset is not skippable', async () => {
    const ad = await loadAdBreak('u', { urlHandler: handler(vast({ skip: null })) });
    expect(ad!.skipOffsetS).toBeNull();
  });

  it('an empty VAST is no ad', async () => {
    const ad = await loadAdBreak('u', { urlHandler: handler('<VAST version="4.0"/>') });
    expect(ad).toBeNull();
  });

  it('a VAST that cannot be fetched rejects (the break is then skipped)', async () => {
    const failing: VastUrlHandler = {
      get: async () => ({ error: new Error('URLHandler: (500)'), statusCode: 500 }),
    };
    await expect(loadAdBreak('u', { urlHandler: failing })).rejects.toThrow('500');
  });

  it('an ad with no playable file is skipped', async () => {
    const ad = await loadAdBreak('u', {
      urlHandler: handler(vast({ type: 'video/x-flv' })),
      canPlay: (t) => t === 'video/mp4',
    });
    expect(ad).toBeNull();
  });
});

describe('prefetchVast', () => {
  const answer = (ok: boolean, body: string) =>
    vi.fn(async (_url: string, _init: object) => ({ ok, status: ok ? 200 : 500, text: async () => body }));

  it('requests the document at once, without credentials; loadAdBreak then parses it with no second request', async () => {
    vi.stubGlobal('DOMParser', DOMParser);
    vi.stubGlobal('fetch', vi.fn());
    try {
      const fetchFn = answer(true, vast());
      const prefetched = prefetchVast('https://ads.test/vast?pos=pre', 5_000, fetchFn);
      expect(fetchFn).toHaveBeenCalledTimes(1);
      expect(fetchFn.mock.calls[0]![0]).toBe('https://ads.test/vast?pos=pre');
      expect(fetchFn.mock.calls[0]![1]).toMatchObject({ credentials: 'omit' });
      const ad = await loadAdBreak(prefetched);
      expect(ad).toMatchObject({ adId: 'promo', mediaUrl: 'https://ads.test/promo.mp4' });
      expect(fetchFn).toHaveBeenCalledTimes(1);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a refused request makes the break reject (the content then plays)', async () => {
    const prefetched = prefetchVast('u', 5_000, answer(false, ''));
    await expect(loadAdBreak(prefetched)).rejects.toThrow('500');
  });
});

describe('playAdBreak', () => {
  const load = () => loadAdBreak('u', { urlHandler: handler(vast()) }).then((a) => a!);

  it('fires loaded, the impression, start, quartiles and complete; adStart then adDone', async () => {
    const ad = await load();
    const fired = firedBy(ad);
    const media = new FakeMedia();
    const events: AdEvent[] = [];
    playAdBreak(ad, media, (e) => events.push(e), manualTimers().options);
    expect(media.src).toBe('https://ads.test/promo.mp4');
    expect(media.play).toHaveBeenCalled();
    media.emit('canplay');
    expect(events).toEqual([]);
    media.emit('playing');
    expect(events).toEqual(['adStart']);
    for (const t of [0.5, 1.1, 2.1, 3.1]) media.at(t);
    media.emit('ended');
    expect(events).toEqual(['adStart', 'adDone']);
    expect(fired).toEqual([
      'loaded',
      'impression',
      'start',
      'firstQuartile',
      'midpoint',
      'thirdQuartile',
      'complete',
    ]);
    expect(media.count()).toBe(0);
    expect(media.pause).toHaveBeenCalled();
  });

  it('offers Skip only after the skip offset; a skip fires skip and adSkip', async () => {
    const ad = await load();
    const fired = firedBy(ad);
    const media = new FakeMedia();
    const events: AdEvent[] = [];
    const playback = playAdBreak(ad, media, (e) => events.push(e), manualTimers().options);
    media.emit('playing');
    media.at(1);
    expect(playback.skipIn()).toBe(1);
    expect(playback.skip()).toBe(false);
    media.at(2.2);
    expect(playback.skipIn()).toBe(0);
    expect(playback.skip()).toBe(true);
    expect(events).toEqual(['adStart', 'adSkip']);
    expect(fired).toContain('skip');
    media.emit('ended');
    expect(events).toEqual(['adStart', 'adSkip']);
  });

  it('a media error fires the VAST error URL with 405 and adError', async () => {
    const ad = await load();
    const fired = firedBy(ad);
    const media = new FakeMedia();
    const events: AdEvent[] = [];
    playAdBreak(ad, media, (e) => events.push(e), manualTimers().options);
    media.emit('error');
    expect(events).toEqual(['adError']);
    expect(fired).toEqual(['error&code=405']);
  });

  it('an ad that never starts is an error (402), so the content is not held', async () => {
    const ad = await load();
    const fired = firedBy(ad);
    const media = new FakeMedia();
    const events: AdEvent[] = [];
    const { timers, options } = manualTimers();
    playAdBreak(ad, media, (e) => events.push(e), options);
    timers.forEach((fn) => fn());
    expect(events).toEqual(['adError']);
    expect(fired).toEqual(['error&code=402']);
  });

  it('retries muted when sound is refused before a gesture', async () => {
    const ad = await load();
    const media = new FakeMedia();
    media.refuseSound = true;
    playAdBreak(ad, media, () => {}, manualTimers().options);
    await vi.waitFor(() => expect(media.play).toHaveBeenCalledTimes(2));
    expect(media.muted).toBe(true);
    expect(media.paused).toBe(false);
  });

  it('a click tracks and returns the click-through; stop ends silently', async () => {
    const ad = await load();
    const media = new FakeMedia();
    const events: AdEvent[] = [];
    const playback = playAdBreak(ad, media, (e) => events.push(e), manualTimers().options);
    media.emit('playing');
    expect(playback.click()).toBe('https://site.test/subscribe');
    playback.stop();
    expect(events).toEqual(['adStart']);
    expect(media.count()).toBe(0);
  });
});
