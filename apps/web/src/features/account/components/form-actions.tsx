import type { ReactNode } from 'react';
import { SubmitButton } from '../../../components/form-fields';

interface FormActionsProps {
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  onCancel?: () => void;
  children?: ReactNode;
}

/** Submit (disabled and relabelled while the call runs) and an optional Cancel. */
export function FormActions({
  pending,
  submitLabel,
  pendingLabel = 'Saving…',
  onCancel,
  children,
}: FormActionsProps) {
  return (
    <div className="account-form__actions">
      {children}
      {onCancel ? (
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      ) : null}
      <SubmitButton busy={pending} busyLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
    </div>
  );
}
