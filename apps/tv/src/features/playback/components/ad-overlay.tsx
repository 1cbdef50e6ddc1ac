import { playAdBreak, type AdEvent, type AdPlayback } from '@marquee/player';
import type { VideoAdBreak } from '@marquee/player/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** What the player's remote handler may do to the ad on screen. */
export type TvAdControl = {
  /** Enter on Skip: skips once the VAST's skip offset has passed (false before, or when not skippable). */
  skip: () => boolean;
  /** The first key press brings the sound back (autoplay may have started the ad muted). */
  unmute: () => void;
};

/**
 * A video ad on the TV (decision 0075): the break's creative in a `<video>` of its own over the
 * picture (the shared `playAdBreak` fires the VAST trackers), the 'Ad' label with the time left,
 * and, where the VAST allows skipping, 'Skip in N seconds' then a focused Skip button that Enter
 * presses (the player's remote handler calls `controlRef.current.skip`).
 */
export function TvAdOverlay({
  current,
  onAdEvent,
  controlRef,
}: {
  current: VideoAdBreak;
  onAdEvent: (event: AdEvent) => void;
  controlRef: RefObject<TvAdControl | null>;
}) {
  const { t } = useTranslation('playback');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [skipIn, setSkipIn] = useState<number | null>(null);
  const [left, setLeft] = useState(current.ad.durationS);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const playback: AdPlayback = playAdBreak(current.ad, video, onAdEvent);
    const tick = () => {
      setSkipIn(playback.skipIn());
      const duration =
        Number.isFinite(video.duration) && video.duration > 0 ? video.duration : current.ad.durationS;
      setLeft(Math.max(0, duration - (video.currentTime || 0)));
    };
    video.addEventListener('timeupdate', tick);
    tick();
    controlRef.current = {
      skip: () => playback.skip(),
      unmute: () => {
        if (video.muted) video.muted = false;
      },
    };
    return () => {
      controlRef.current = null;
      video.removeEventListener('timeupdate', tick);
      playback.stop();
    };
    // One playback per break; onAdEvent is stable for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one playback per break (comment above)
  }, [current]);

  return (
    <div className="tv-ad" data-testid="tv-ad" data-position={current.position}>
      <video
        ref={videoRef}
        className="tv-ad__video"
        data-testid="ad-player"
        playsInline
        aria-label={t('ads.label')}
      />
      <p className="tv-ad__label" aria-live="polite">
        <span className="tv-badge">{t('ads.label')}</span>
        <span data-testid="ad-countdown">{t('ads.left', { count: Math.ceil(left) })}</span>
      </p>
      {skipIn === null ? null : skipIn > 0 ? (
        <p className="tv-ad__skip tv-ad__skip--wait" data-testid="ad-skip-countdown">
          {t('ads.skipIn', { count: Math.ceil(skipIn) })}
        </p>
      ) : (
        // Focus is always visible: the only control of an ad, drawn focused; Enter presses it.
        <button
          type="button"
          tabIndex={-1}
          className="tv-ad__skip is-focused"
          data-testid="ad-skip"
          onClick={() => controlRef.current?.skip()}
        >
          {t('ads.skip')}
        </button>
      )}
    </div>
  );
}
