import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { siteConfigQueryOptions } from '@marquee/api-client';
import { useApi } from '@marquee/api-client/react';
import {
  adBlockerGateOn,
  adBreakDue,
  expandAdTagUrl,
  midRollDue,
  payloadAdMacros,
  videoAdsOn,
  type PlayerPayload,
} from '@marquee/domain';
import { isAdBlocked } from '../ad-blocker';
import { loadAdBreak, prefetchVast, type AdBreak, type AdEvent, type VastPrefetch } from '../ads';
import type { Player as CorePlayer } from '../player';

/** Videos started in this page load (the TV app is one page load), for the ad frequency ("a break on every Nth video"). */
let videosStarted = 0;

export type VideoAdBreak = { position: string; ad: AdBreak };

export type VideoAdsState = {
  /** Hold the content: a pre-roll is loading or playing, or an ad blocker was detected. */
  holdContent: boolean;
  /** The ad to play now (a pre-roll or a mid-roll), or null. */
  current: VideoAdBreak | null;
  /** "An ad-active flag is set on adStart and cleared on adDone, adError or adSkip." */
  adActive: boolean;
  /** The ad-blocker gate found the bait blocked (web only: the gate is skipped on TV). */
  adBlocked: boolean;
  onAdEvent: (event: AdEvent) => void;
};

export type UseVideoAdsOptions = {
  channelId: string;
  videoUid: string;
  withoutAds: boolean | undefined;
  live: boolean;
  /** The player payload: its consent, category and device go with each ad request (decision 0064). */
  payload: PlayerPayload | null;
  /** The TV apps: the same ads, without the ad-blocker gate ("It is skipped on TV"; decision 0075). */
  tv: boolean;
  /** Each ad start (the web's hybrid paywall banner). */
  onAdStart?: () => void;
};

/** Where a watch screen's ads stand, for `videoAdsView`. */
export type VideoAdsInputs = {
  /** The site plays ads on this (not live) video, before play-url says more. */
  siteAds: boolean;
  /** play-url's `withoutAds`; undefined while play-url is pending. */
  withoutAds: boolean | undefined;
  preRoll: 'loading' | 'none' | 'done' | VideoAdBreak;
  /** A pre-roll is due on this video (the site has one, and the frequency says this video). */
  preRollDue: boolean;
  /** The player payload is known (the pre-roll's request waits for its macros). */
  payloadReady: boolean;
  mid: 'loading' | VideoAdBreak | null;
  /** The ad-blocker gate runs (never on TV) and what the bait said (null: not known yet). */
  gate: boolean;
  blocked: boolean | null;
};

/**
 * The rule of a watch screen's ads, web and TV: which break plays now (a pre-roll before a
 * mid-roll, none for a viewer or video without ads, none until the bait has loaded where the gate
 * runs), and whether the content waits (while a due pre-roll is asked, loads or plays, and while
 * the gate has not cleared). A video without ads never waits once play-url says so.
 */
export function videoAdsView(
  i: VideoAdsInputs,
): Pick<VideoAdsState, 'current' | 'holdContent' | 'adBlocked'> {
  const adsForViewer = i.siteAds && i.withoutAds === false;
  const gateOpen = !i.gate || i.blocked === false;
  const current =
    !adsForViewer || !gateOpen
      ? null
      : typeof i.preRoll === 'object'
        ? i.preRoll
        : typeof i.mid === 'object'
          ? i.mid
          : null;
  const holdContent =
    i.siteAds &&
    i.withoutAds !== true &&
    (i.preRoll === 'loading' ||
      typeof i.preRoll === 'object' ||
      (i.preRollDue && !i.payloadReady) ||
      !gateOpen);
  return { current, holdContent, adBlocked: adsForViewer && i.gate && i.blocked === true };
}

const canPlay = (type: string) =>
  typeof document !== 'undefined' && document.createElement('video').canPlayType(type) !== '';

/**
 * Video ads of one watch screen, web and TV (playback-and-social §4.1, §4.3, §4.4; decisions 0026,
 * 0075). From the site config alone (cached since boot) the pre-roll's VAST and the ad-blocker bait
 * are requested alongside the play-url call; once play-url answers, `withoutAds` may drop them
 * unplayed (the VAST client's code is loaded only for an ad that will play). Sites without ads make
 * no request at all. Mid-rolls pause the content at their offsets. An ad that fails in any way
 * gives way to the content.
 */
export function useVideoAds(player: CorePlayer | null, opts: UseVideoAdsOptions): VideoAdsState {
  const { channelId, videoUid, withoutAds, live, payload, tv, onAdStart } = opts;
  const api = useApi();
  const ads = useQuery(siteConfigQueryOptions(api)).data?.ads;
  // Whether this site plays ads at all (before play-url says whether this viewer and video do).
  const siteAds = !!ads && !live && videoAdsOn(ads, { withoutAds: false });
  const [nth] = useState(() => ++videosStarted);
  const due = siteAds && adBreakDue(nth, ads!.video.frequency);

  // The pre-roll's outcome, for the VAST request it came from (a new video starts over as 'loading').
  const [preRollResult, setPreRollResult] = useState<{
    of: VastPrefetch;
    value: 'none' | 'done' | VideoAdBreak;
  } | null>(null);
  const [mid, setMid] = useState<'loading' | VideoAdBreak | null>(null);
  const [adActive, setAdActive] = useState(false);
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const playedMid = useRef(new Set<number>());
  const midRef = useRef(mid);
  // latest-callback ref: the effect subscribes once and calls the newest callback
  midRef.current = mid;
  const onAdStartRef = useRef(onAdStart);
  // latest-callback ref (as above)
  onAdStartRef.current = onAdStart;

  const tagUrl = useCallback(
    (position: string) =>
      expandAdTagUrl(
        ads!.url,
        { videoUid, channelId, position, cacheBuster: String(Date.now()) },
        payload ? payloadAdMacros(payload) : {},
      ),
    [ads, videoUid, channelId, payload],
  );

  // The pre-roll's VAST is requested alongside play-url; the VAST client parses it only once
  // play-url says this viewer and video have ads (most do not: no ad code runs before their first
  // frame). A memo, not an effect: the request must exist in the render that may mount the player.
  // It waits for the payload (the video and the page's consent, both asked alongside play-url).
  const preRollDue = due && !!ads?.video.preRoll;
  const preRollWanted = preRollDue && !!payload;
  const preRollVast = useMemo(
    () => (preRollWanted ? prefetchVast(tagUrl('pre')) : null),
    // tagUrl changes with the video; the break is fetched once per video.
    [preRollWanted, videoUid],
  );
  const preRoll: 'loading' | 'none' | 'done' | VideoAdBreak =
    !preRollVast || withoutAds === true
      ? 'none'
      : preRollResult?.of === preRollVast
        ? preRollResult.value
        : 'loading';
  useEffect(() => {
    if (!preRollVast || withoutAds !== false) return;
    let cancelled = false;
    const settle = (value: 'none' | VideoAdBreak) =>
      !cancelled && setPreRollResult({ of: preRollVast, value });
    loadAdBreak(preRollVast, { canPlay }).then(
      (ad) => settle(ad ? { position: 'pre', ad } : 'none'),
      () => settle('none'),
    );
    return () => void (cancelled = true);
  }, [preRollVast, withoutAds]);

  // The ad-blocker bait, alongside play-url too (never on TV).
  const gate = !!ads && siteAds && adBlockerGateOn(ads, { withoutAds: false, tv });
  useEffect(() => {
    // No bait check while the gate is off.
    if (!gate) return setBlocked(null);
    let cancelled = false;
    isAdBlocked((url, init) => fetch(url, init)).then((b) => !cancelled && setBlocked(b));
    return () => void (cancelled = true);
  }, [gate]);

  const adsForViewer = siteAds && withoutAds === false;

  // Mid-rolls: pause the content at an offset crossed by playback, play the break, resume.
  const offsets = ads?.video.midRollOffsets;
  useEffect(() => {
    if (!player || !adsForViewer || !due || !offsets?.length) return;
    let last = -1;
    let cancelled = false;
    const resume = () => {
      if (cancelled) return;
      setMid(null);
      void player.play();
    };
    const off = player.on('timeupdate', ({ currentTime }) => {
      const offset = last < 0 ? null : midRollDue(offsets, last, currentTime, playedMid.current);
      last = currentTime;
      if (offset === null) return;
      playedMid.current.add(offset);
      player.pause();
      setMid('loading');
      loadAdBreak(tagUrl(String(offset)), { canPlay }).then((ad) => {
        if (cancelled) return;
        if (ad) setMid({ position: String(offset), ad });
        else resume();
      }, resume);
    });
    return () => {
      cancelled = true;
      off();
    };
  }, [player, adsForViewer, due, offsets, tagUrl]);

  const { current, holdContent, adBlocked } = videoAdsView({
    siteAds,
    withoutAds,
    preRoll,
    preRollDue,
    payloadReady: !!payload,
    mid,
    gate,
    blocked,
  });

  const onAdEvent = useCallback(
    (event: AdEvent) => {
      if (event === 'adStart') {
        setAdActive(true);
        onAdStartRef.current?.();
        return;
      }
      // adDone, adError, adSkip: the break is over and the content (re)starts.
      setAdActive(false);
      setPreRollResult((r) => (r && typeof r.value === 'object' ? { of: r.of, value: 'done' } : r));
      if (midRef.current !== null) {
        setMid(null);
        void player?.play();
      }
    },
    [player],
  );

  return { holdContent, current, adActive, adBlocked, onAdEvent };
}
