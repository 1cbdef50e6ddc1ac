import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isAdBlocked, playAdBreak, pollUntilUnblocked, type AdPlayback } from '@marquee/player';
import { useModalDialog } from '../../../components/use-modal-dialog';
import type { VideoAds } from '../hooks/use-video-ads';
import './ad-break.css';

/**
 * What the watch screen shows for ads (playback-and-social §4.3, §4.4; decision 0026): the ad
 * playing over the player area, the hybrid paywall banner, and the 'Ad Blocker Detected' modal.
 */
export function AdBreak({ ads }: { ads: VideoAds }) {
  return (
    <>
      {ads.current ? <AdOverlay key={ads.current.position} ads={ads} /> : null}
      {ads.hybridBanner ? <HybridPaywallBanner /> : null}
      {ads.adBlocked ? <AdBlockerModal /> : null}
    </>
  );
}

function AdOverlay({ ads }: { ads: VideoAds }) {
  const { t } = useTranslation('watch');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playback, setPlayback] = useState<AdPlayback | null>(null);
  const [skipIn, setSkipIn] = useState<number | null>(null);
  // Autoplay may have had to start the ad muted (no gesture yet): offer to unmute, as the player does.
  const [muted, setMuted] = useState(false);
  const { current, onAdEvent } = ads;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !current) return;
    const p = playAdBreak(current.ad, video, onAdEvent);
    setPlayback(p);
    const tick = () => setSkipIn(p.skipIn());
    const volume = () => setMuted(video.muted);
    video.addEventListener('timeupdate', tick);
    video.addEventListener('volumechange', volume);
    tick();
    return () => {
      video.removeEventListener('timeupdate', tick);
      video.removeEventListener('volumechange', volume);
      p.stop();
    };
    // One playback per break; onAdEvent is stable for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one playback per break (comment above)
  }, [current]);

  const open = () => {
    const url = playback?.click();
    if (url) window.open(url, '_blank', 'noopener');
  };

  return (
    <div className="ad-break" data-testid="ad-break" data-ad-active={ads.adActive || undefined}>
      <video
        ref={videoRef}
        className="ad-break__video"
        data-testid="ad-player"
        playsInline
        aria-label={t('ads.label')}
        onClick={open}
      />
      <span className="ad-break__badge" aria-live="polite">
        {t('ads.label')}
      </span>
      {muted ? (
        <button
          type="button"
          className="ad-break__unmute"
          data-testid="ad-unmute"
          onClick={() => {
            if (videoRef.current) videoRef.current.muted = false;
          }}
        >
          {t('ads.unmute')}
        </button>
      ) : null}
      {current?.ad.clickThrough ? (
        <button type="button" className="ad-break__learn" onClick={open}>
          {t('ads.learnMore')}
        </button>
      ) : null}
      {skipIn === null ? null : skipIn > 0 ? (
        <span className="ad-break__skip ad-break__skip--wait" data-testid="ad-skip-countdown">
          {t('ads.skipIn', { count: Math.ceil(skipIn) })}
        </span>
      ) : (
        <button
          type="button"
          className="ad-break__skip"
          data-testid="ad-skip"
          onClick={() => playback?.skip()}
        >
          {t('ads.skip')}
        </button>
      )}
    </div>
  );
}

/** "On ad start, a hybrid paywall banner shows for 10 s": an invitation to subscribe and watch without ads. */
function HybridPaywallBanner() {
  const { t } = useTranslation('watch');
  return (
    <aside className="hybrid-paywall" data-testid="hybrid-paywall-banner" role="status">
      <span>{t('ads.hybridText')}</span>
      <Link to="/subscribe" className="hybrid-paywall__link">
        {t('ads.hybridLink')}
      </Link>
    </aside>
  );
}

/**
 * 'Ad Blocker Detected' (§4.3, §8): asks the viewer to disable the blocker or whitelist the site
 * and refresh; meanwhile the bait is requested every second and the page reloads once it loads.
 */
function AdBlockerModal() {
  const { t } = useTranslation('watch');
  const { ref, onKeyDown } = useModalDialog();
  const titleId = useId();
  const textId = useId();

  useEffect(
    () =>
      pollUntilUnblocked(
        () => isAdBlocked((url, init) => fetch(url, init)),
        () => window.location.reload(),
      ),
    [],
  );

  return (
    <dialog
      ref={ref}
      className="ad-blocker"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="ad-blocker-modal"
      onKeyDown={onKeyDown}
      // The gate stays until the blocker is gone: Escape does not dismiss it.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={titleId} className="ad-blocker__title">
        {t('ads.blockerTitle')}
      </h2>
      <p id={textId}>{t('ads.blockerText')}</p>
      <button type="button" className="ad-blocker__refresh" onClick={() => window.location.reload()}>
        {t('ads.refresh')}
      </button>
    </dialog>
  );
}
