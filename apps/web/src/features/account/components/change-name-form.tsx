import type { User } from '@marquee/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUserInfo } from '../api/use-profile-changes';
import { showToast } from '../../../lib/toast';
import { errorText, validateName, type FieldError, toFieldError } from '../utils/validation';
import { FormError } from '../../../components/form-fields';
import { NameFields } from './account-fields';
import { FormActions } from './form-actions';

interface ChangeNameFormProps {
  user: User;
  onDone: () => void;
  onCancel?: () => void;
}

/** Change name (§5): first and last name; the server allows one change per 60 days. */
export function ChangeNameForm({ user, onDone, onCancel }: ChangeNameFormProps) {
  const { t } = useTranslation('account');
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [error, setError] = useState<FieldError | null>(null);
  const mutation = useUpdateUserInfo();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateName({ firstName, lastName });
    if (!checked.ok) return setError(checked.error);
    setError(null);
    mutation.mutate(checked.value, {
      onSuccess: () => {
        showToast(t('changeName.done'), 'success');
        onDone();
      },
      onError: (failure) => setError(toFieldError(failure)),
    });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="change-name-form">
      <NameFields
        firstName={firstName}
        lastName={lastName}
        onFirstName={setFirstName}
        onLastName={setLastName}
        error={error}
      />
      <FormError message={errorText(error, t)} />
      <FormActions pending={mutation.isPending} submitLabel={t('save')} onCancel={onCancel} />
    </form>
  );
}
