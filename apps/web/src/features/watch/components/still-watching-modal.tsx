import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/use-modal-dialog';
import './player-rules.css';

/** The still-watching "{video}" modal (playback-and-social §2.3): 'Yes, Continue' / 'No, Exit'. */
export function StillWatchingModal({
  title,
  onContinue,
  onExit,
}: {
  title: string;
  onContinue: () => void;
  onExit: () => void;
}) {
  const { t } = useTranslation('watch');
  const { ref, onKeyDown } = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="still-watching"
      aria-labelledby={titleId}
      data-testid="still-watching"
      // Escape answers "No, Exit" rather than leaving the video paused behind a closed dialog.
      onCancel={(event) => {
        event.preventDefault();
        onExit();
      }}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId} className="still-watching__title">
        {t('player.stillWatchingTitle', { video: title })}
      </h2>
      <div className="still-watching__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={onExit}
          data-testid="still-watching-exit"
        >
          {t('player.stillWatchingNo')}
        </button>
        <button
          type="button"
          className="button"
          onClick={onContinue}
          data-testid="still-watching-continue"
          autoFocus
        >
          {t('player.stillWatchingYes')}
        </button>
      </div>
    </dialog>
  );
}
