import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface StatusMessageProps {
  kind: 'empty' | 'error' | 'info';
  title: string;
  children?: ReactNode;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  testId?: string;
}

/** The empty, error and info states of a page or section. Errors are announced (role=alert). */
export function StatusMessage({ kind, title, children, onRetry, testId }: StatusMessageProps) {
  const { t } = useTranslation('common');
  return (
    <section
      className={`status status--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? `status-${kind}`}
    >
      <h2 className="status__title">{title}</h2>
      {children ? <div className="status__body">{children}</div> : null}
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </section>
  );
}
