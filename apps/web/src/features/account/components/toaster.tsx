import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '../hooks/use-toast';

/** The account area's toasts, announced politely; each can be dismissed and leaves after a few seconds. */
export function Toaster() {
  const { t } = useTranslation('account');
  const toasts = useToasts();
  return (
    <div className="account-toaster" aria-live="polite" role="status">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`account-toast account-toast--${toast.kind}`}
          data-testid="toast"
          data-kind={toast.kind}
        >
          <span className="account-toast__message">{toast.message}</span>
          <button
            type="button"
            className="account-toast__close"
            aria-label={t('dismiss')}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
