import { TextField } from '../../../components/form-fields';
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
  return (
    <>
      <TextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        value={firstName}
        onValue={onFirstName}
        invalid={invalidFor(error, 'firstName')}
      />
      <TextField
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        value={lastName}
        onValue={onLastName}
        invalid={invalidFor(error, 'lastName')}
      />
      <p className="account-form__hint">Your name can be changed only once every {NAME_CHANGE_DAYS} days.</p>
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
  return (
    <TextField
      label="Password"
      name="password"
      type="password"
      autoComplete="current-password"
      value={value}
      onValue={onValue}
      invalid={invalidFor(error, 'password')}
    />
  );
}
