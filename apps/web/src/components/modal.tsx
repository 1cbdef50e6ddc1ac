import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from './use-modal-dialog';
import './modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Esc and the backdrop close it,
 * Tab cycles inside it, and focus goes back to the element that opened it. Mount it to open it.
 * On phones it is a full-width sheet from the bottom.
 */
export function Modal({ title, onClose, children, testId }: ModalProps) {
  const { t } = useTranslation();
  const { ref, onKeyDown } = useModalDialog();
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className="modal"
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
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={t('close')} onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
