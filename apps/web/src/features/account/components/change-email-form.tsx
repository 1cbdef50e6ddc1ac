import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeEmail } from '../api/use-profile-changes';
import { showToast } from '../../../lib/toast';
import {
  errorText,
  validateEmailChange,
  type FieldError,
  toFieldError,
  invalidFor,
} from '../utils/validation';
import { FormError, TextField } from '../../../components/form-fields';
import { CurrentPasswordField } from './account-fields';
import { FormActions } from './form-actions';

interface ChangeEmailFormProps {
  currentEmail: string;
  /** After the change is saved (the modal closes; the page goes back to the profile). */
  onDone: () => void;
  onCancel?: () => void;
}

/** Change e-mail (§5): new e-mail, retype, password. Not updating → updating → done. */
export function ChangeEmailForm({ currentEmail, onDone, onCancel }: ChangeEmailFormProps) {
  const { t } = useTranslation('account');
  const [email, setEmail] = useState('');
  const [retypeEmail, setRetypeEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const mutation = useChangeEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateEmailChange({ email, retypeEmail, password }, currentEmail);
    if (!checked.ok) return setError(checked.error);
    setError(null);
    mutation.mutate(checked.value, {
      onSuccess: () => {
        showToast(t('changeEmail.done'), 'success');
        onDone();
      },
      onError: (failure) => setError(toFieldError(failure)),
    });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="change-email-form">
      <p className="account-form__hint">
        {t('changeEmail.current')} <strong>{currentEmail}</strong>
      </p>
      <TextField
        label={t('changeEmail.newEmail')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValue={setEmail}
        invalid={invalidFor(error, 'email')}
      />
      <TextField
        label={t('changeEmail.retype')}
        name="retypeEmail"
        type="email"
        autoComplete="email"
        value={retypeEmail}
        onValue={setRetypeEmail}
        invalid={invalidFor(error, 'retypeEmail')}
      />
      <CurrentPasswordField value={password} onValue={setPassword} error={error} />
      <FormError message={errorText(error, t)} />
      <FormActions
        pending={mutation.isPending}
        submitLabel={t('save')}
        pendingLabel={t('changeEmail.updating')}
        onCancel={onCancel}
      />
    </form>
  );
}
