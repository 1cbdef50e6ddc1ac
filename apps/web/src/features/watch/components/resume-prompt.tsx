import { formatTimeInput } from '@marquee/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './player-rules.css';

/**
 * Site flag altResumeStyle (D§1, decision 0056): over the stage, before the player starts, a viewer
 * with a saved position chooses "Resume from 12:34?" (Resume, the default) or Start over.
 */
export function ResumePrompt({
  at,
  onResume,
  onStartOver,
}: {
  at: number;
  onResume: () => void;
  onStartOver: () => void;
}) {
  const { t } = useTranslation('watch');
  const titleId = useId();
  return (
    <div
      className="watch__placeholder resume-prompt"
      role="group"
      aria-labelledby={titleId}
      data-testid="resume-prompt"
    >
      <div className="resume-prompt__box">
        <h2 id={titleId} className="still-watching__title">
          {t('player.resumeFrom', { time: formatTimeInput(at) })}
        </h2>
        <div className="still-watching__actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={onStartOver}
            data-testid="resume-prompt-start-over"
          >
            {t('player.startOver')}
          </button>
          <button
            type="button"
            className="button"
            onClick={onResume}
            data-testid="resume-prompt-resume"
            autoFocus
          >
            {t('player.resume')}
          </button>
        </div>
      </div>
    </div>
  );
}
