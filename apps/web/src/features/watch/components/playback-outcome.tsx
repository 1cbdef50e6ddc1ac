import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PlayableUrl } from '@marquee/api-client';
import { showToast } from '../../../lib/toast';
import type { PlaybackProblem } from '../utils/playback-problem';
import { passcodeAlternativeHref, playbackTarget, type WatchIntent } from '../utils/playback-target';
import { PlaybackNotice } from './playback-notice';

/**
 * A play-url outcome that does not play (§4.1): code 10 and 30 go to login (with the intent and the
 * passcode state), the paywall shows its notice with a Subscribe or Pre-order link carrying the
 * purchase hints, private or archived content an error toast and home (§8), everything else the
 * notice alone. In an embed, links open the site on top.
 */
export function PlaybackOutcome({
  problem,
  intent,
  playUrl,
  hybridPaywall,
  embed = false,
  onRetry,
}: {
  problem: PlaybackProblem;
  intent: WatchIntent;
  playUrl?: Partial<PlayableUrl> | null;
  hybridPaywall?: boolean;
  embed?: boolean;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('watchRoutes');
  const navigate = useNavigate();
  const target = playbackTarget(problem.kind, intent, { ...playUrl, hybridPaywall }, embed);
  const redirect = target.kind === 'redirect' ? target.href : null;
  const passcode = passcodeAlternativeHref(problem.kind, intent, playUrl);
  const home = target.kind === 'home' ? target.href : null;
  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);
  // §8 private or archived content: an error toast, then home.
  useEffect(() => {
    if (!home) return;
    showToast(problem.message, 'error');
    void navigate(home, { replace: true });
  }, [home, problem.message, navigate]);

  return (
    <div className="playback-outcome" data-testid="playback-outcome" data-kind={problem.kind}>
      <PlaybackNotice problem={problem} onRetry={onRetry} />
      {target.kind === 'link' ? (
        <a
          className="button button--primary playback-outcome__action"
          href={target.href}
          data-testid={`playback-${target.label}-link`}
          {...(embed ? { target: '_blank', rel: 'noopener' } : {})}
          onClick={(e) => {
            if (embed || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            void navigate(target.href);
          }}
        >
          {t(`notices.${target.label}`)}
        </a>
      ) : null}
      {passcode ? (
        <a
          className="button button--ghost playback-outcome__action"
          href={passcode}
          data-testid="playback-passcode-link"
          {...(embed ? { target: '_blank', rel: 'noopener' } : {})}
          onClick={(e) => {
            if (embed || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            void navigate(passcode);
          }}
        >
          {t('notices.passcode')}
        </a>
      ) : null}
      {redirect ? (
        <p className="playback-outcome__hint" aria-live="polite">
          {t('notices.redirecting')}
        </p>
      ) : null}
    </div>
  );
}
