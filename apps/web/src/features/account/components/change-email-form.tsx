import { useState, type FormEvent } from 'react';
import { useChangeEmail } from '../api/use-profile-changes';
import { showToast } from '../hooks/use-toast';
import { validateEmailChange, type FieldError, toFieldError, invalidFor } from '../utils/validation';
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
        showToast('Email changed successfully');
        onDone();
      },
      onError: (failure) => setError(toFieldError(failure)),
    });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="change-email-form">
      <p className="account-form__hint">
        Current e-mail: <strong>{currentEmail}</strong>
      </p>
      <TextField
        label="New e-mail"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onValue={setEmail}
        invalid={invalidFor(error, 'email')}
      />
      <TextField
        label="Retype e-mail"
        name="retypeEmail"
        type="email"
        autoComplete="email"
        value={retypeEmail}
        onValue={setRetypeEmail}
        invalid={invalidFor(error, 'retypeEmail')}
      />
      <CurrentPasswordField value={password} onValue={setPassword} error={error} />
      <FormError message={error?.message} />
      <FormActions
        pending={mutation.isPending}
        submitLabel="Save"
        pendingLabel="Updating…"
        onCancel={onCancel}
      />
    </form>
  );
}
