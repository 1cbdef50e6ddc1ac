import type { ActivityCheck } from '@marquee/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/use-modal-dialog';
import './player-rules.css';

/**
 * The activity check modal (playback-and-social §2.3, decision 0061) of a live stream: "Are you
 * still there?" with the seconds left before the stream stops, then "Playback stopped" with Resume.
 * Nothing while the viewer is watching.
 */
export function ActivityCheckModal({ check, onAnswer }: { check: ActivityCheck; onAnswer: () => void }) {
  if (check.phase === 'watching') return null;
  return <ActivityCheckDialog check={check} onAnswer={onAnswer} />;
}

function ActivityCheckDialog({
  check,
  onAnswer,
}: {
  check: Exclude<ActivityCheck, { phase: 'watching' }>;
  onAnswer: () => void;
}) {
  const { t } = useTranslation('watch');
  const { ref, onKeyDown } = useModalDialog();
  const titleId = useId();
  const asking = check.phase === 'asking';
  return (
    <dialog
      ref={ref}
      className="still-watching"
      aria-labelledby={titleId}
      data-testid="activity-check"
      data-phase={check.phase}
      // Escape is an answer too: whoever pressed it is there.
      onCancel={(event) => {
        event.preventDefault();
        onAnswer();
      }}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className="still-watching__title">
        {asking ? t('player.activityTitle') : t('player.activityStoppedTitle')}
      </h2>
      <p role={asking ? 'timer' : undefined} data-testid="activity-check-body">
        {asking ? t('player.activityBody', { count: check.secondsLeft }) : t('player.activityStoppedBody')}
      </p>
      <div className="still-watching__actions">
        <button
          type="button"
          className="button"
          onClick={onAnswer}
          data-testid="activity-check-answer"
          autoFocus
        >
          {asking ? t('player.activityYes') : t('player.activityResume')}
        </button>
      </div>
    </dialog>
  );
}
