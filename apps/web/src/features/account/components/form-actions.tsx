import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/form-fields';

interface FormActionsProps {
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  onCancel?: () => void;
  children?: ReactNode;
}

/** Submit (disabled and relabelled while the call runs) and an optional Cancel. */
export function FormActions({ pending, submitLabel, pendingLabel, onCancel, children }: FormActionsProps) {
  const { t } = useTranslation('account');
  return (
    <div className="account-form__actions">
      {children}
      {onCancel ? (
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={pending}>
          {t('cancel')}
        </button>
      ) : null}
      <SubmitButton busy={pending} busyLabel={pendingLabel ?? t('saving')}>
        {submitLabel}
      </SubmitButton>
    </div>
  );
}
