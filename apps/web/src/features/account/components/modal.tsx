import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/use-modal-dialog';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Esc and the backdrop close it,
 * Tab cycles inside it, and focus goes back to the element that opened it. Mount it to open it.
 */
export function Modal({ title, onClose, children, testId }: ModalProps) {
  const { t } = useTranslation('account');
  const { ref, onKeyDown } = useModalDialog();
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className="account-modal"
      aria-labelledby={titleId}
      data-testid={testId}
      // Esc: the parent unmounts the modal rather than the browser closing it behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="account-modal__panel">
        <header className="account-modal__header">
          <h2 id={titleId} className="account-modal__title">
            {title}
          </h2>
          <button type="button" className="account-modal__close" aria-label={t('close')} onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
