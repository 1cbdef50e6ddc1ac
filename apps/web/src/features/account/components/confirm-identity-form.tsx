import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmIdentity } from '../api/use-account-deletion';
import {
  errorText,
  validateCredentials,
  type FieldError,
  toFieldError,
  invalidFor,
} from '../utils/validation';
import { FormError, TextField } from '../../../components/form-fields';
import { CurrentPasswordField } from './account-fields';
import { FormActions } from './form-actions';

interface ConfirmIdentityFormProps {
  onConfirmed: () => void;
  onCancel?: () => void;
}

/** Confirm identity (§2 Modals): e-mail and password; the server answers "Invalid Credentials" when wrong. */
export function ConfirmIdentityForm({ onConfirmed, onCancel }: ConfirmIdentityFormProps) {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const mutation = useConfirmIdentity();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateCredentials({ email, password });
    if (!checked.ok) return setError(checked.error);
    setError(null);
    mutation.mutate(checked.value, {
      onSuccess: onConfirmed,
      onError: (failure) => setError(toFieldError(failure)),
    });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="confirm-identity-form">
      <p className="account-form__hint">{t('confirmIdentity.intro')}</p>
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValue={setEmail}
        invalid={invalidFor(error, 'email')}
      />
      <CurrentPasswordField value={password} onValue={setPassword} error={error} />
      <FormError message={errorText(error, t)} />
      <FormActions
        pending={mutation.isPending}
        submitLabel={t('confirmIdentity.submit')}
        pendingLabel={t('confirmIdentity.checking')}
        onCancel={onCancel}
      />
    </form>
  );
}
