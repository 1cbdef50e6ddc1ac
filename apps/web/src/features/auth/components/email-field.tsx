import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-fields';

/** The sign-in screens' e-mail field (login, signup, forgot and required reset). */
export function EmailField({
  value,
  onValue,
  error,
}: {
  value: string;
  onValue: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('email')}
      name="email"
      type="email"
      autoComplete="email"
      value={value}
      onValue={onValue}
      error={error}
    />
  );
}
