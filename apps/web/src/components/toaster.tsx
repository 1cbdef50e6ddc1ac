import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '../lib/toast';
import './toaster.css';

/** The site-wide toasts (`showToast` in lib/toast), announced politely; each can be dismissed. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <div className="toaster" aria-live="polite" role="status">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          data-testid="site-toast"
          data-kind={toast.kind}
          data-leaving={toast.leaving || undefined}
        >
          <span className="toast__message">{toast.message}</span>
          <button
            type="button"
            className="toast__close"
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
