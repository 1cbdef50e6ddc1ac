import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';
import { PasswordFields } from '../../../components/password-fields';
import { invalidFor, NAME_CHANGE_DAYS, type FieldError } from '../utils/validation';

/** First and last name with the once-every-60-days note (change name, user details). */
export function NameFields({
  firstName,
  lastName,
  onFirstName,
  onLastName,
  error,
}: {
  firstName: string;
  lastName: string;
  onFirstName: (value: string) => void;
  onLastName: (value: string) => void;
  error: FieldError | null;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField
        label={t('firstName')}
        name="firstName"
        autoComplete="given-name"
        value={firstName}
        onValue={onFirstName}
        invalid={invalidFor(error, 'firstName')}
      />
      <TextField
        label={t('lastName')}
        name="lastName"
        autoComplete="family-name"
        value={lastName}
        onValue={onLastName}
        invalid={invalidFor(error, 'lastName')}
      />
      <p className="account-form__hint">{t('nameHint', { days: NAME_CHANGE_DAYS })}</p>
    </>
  );
}

/** The account's current password, asked again before a sensitive change. */
export function CurrentPasswordField({
  value,
  onValue,
  error,
}: {
  value: string;
  onValue: (value: string) => void;
  error: FieldError | null;
}) {
  const { t } = useTranslation('account');
  return (
    <PasswordFields
      reveal={false}
      current={{
        label: t('password'),
        name: 'password',
        value,
        onValue,
        invalid: invalidFor(error, 'password'),
      }}
    />
  );
}
