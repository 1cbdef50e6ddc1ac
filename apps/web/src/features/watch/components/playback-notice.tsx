import type { PlaybackProblem } from '../utils/playback-problem';

/** Shown in place of the player when the video cannot play (login required, not live, paywall…). */
export function PlaybackNotice({ problem, onRetry }: { problem: PlaybackProblem; onRetry?: () => void }) {
  return (
    <div className="playback-notice" role="alert" data-testid="playback-error" data-kind={problem.kind}>
      <h2 className="playback-notice__title">{problem.title}</h2>
      <p className="playback-notice__message">{problem.message}</p>
      {onRetry && problem.kind === 'error' ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
