import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/use-profile-changes';
import { showToast } from '../../../lib/toast';
import {
  errorText,
  validatePasswordChange,
  type FieldError,
  toFieldError,
  invalidFor,
} from '../utils/validation';
import { FormError } from '../../../components/form-fields';
import { PasswordFields } from '../../../components/password-fields';
import { FormActions } from './form-actions';

interface ChangePasswordFormProps {
  onDone: () => void;
  onCancel?: () => void;
}

/** Change password (§5): current, new and retyped new password. */
export function ChangePasswordForm({ onDone, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation('account');
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [retypePassword, setRetypePassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const mutation = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validatePasswordChange({ currentPassword, newPassword, retypePassword });
    if (!checked.ok) return setError(checked.error);
    setError(null);
    mutation.mutate(checked.value, {
      onSuccess: () => {
        showToast(t('changePassword.done'), 'success');
        onDone();
      },
      onError: (failure) => setError(toFieldError(failure)),
    });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="change-password-form">
      <PasswordFields
        reveal={false}
        current={{
          label: t('changePassword.current'),
          name: 'currentPassword',
          value: currentPassword,
          onValue: setCurrentPassword,
          invalid: invalidFor(error, 'currentPassword'),
        }}
        next={{
          label: t('changePassword.newPassword'),
          name: 'newPassword',
          value: newPassword,
          onValue: setNewPassword,
          invalid: invalidFor(error, 'newPassword'),
        }}
        confirm={{
          label: t('changePassword.retype'),
          name: 'retypePassword',
          value: retypePassword,
          onValue: setRetypePassword,
          invalid: invalidFor(error, 'retypePassword'),
        }}
      />
      <FormError message={errorText(error, t)} />
      <FormActions pending={mutation.isPending} submitLabel={t('save')} onCancel={onCancel} />
    </form>
  );
}
