import { resetExpiredPassword } from '@marquee/api-client';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { useFormErrors } from '../hooks/use-form-errors';
import { useAuthTranslation } from '../hooks/use-auth-translation';
import { returnPath } from '../utils/return-intent';
import { validateRequiredReset } from '../utils/validation';
import { FormError, FormMessage, SubmitButton } from '../../../components/form-fields';
import { PasswordFields } from '../../../components/password-fields';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

const ORDER = ['email', 'password', 'newPassword', 'confirm'] as const;

/** /required-reset-pw: the forced reset after a login answered pwdExpired (spec §2, §4). */
export function RequiredResetView() {
  const { t, serverText, localize } = useAuthTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, track } = useSession();
  const state = (location.state ?? {}) as { email?: string; msg?: string };
  const { formRef, errors, setErrors } = useFormErrors(ORDER);
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRequiredReset({ email, password, newPassword, confirm });
    setErrors(localize(found));
    if (Object.keys(found).length) return;
    setBusy(true);
    setServerError(null);
    try {
      signIn(await track(resetExpiredPassword(api, { email: email.trim(), password, newPassword })));
      navigate(returnPath(params), { replace: true });
    } catch (error) {
      setServerError(serverText(error));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('requiredReset.title')} testId="required-reset-pw">
      <FormMessage kind="info">{state.msg ?? t('requiredReset.intro')}</FormMessage>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <EmailField value={email} onValue={setEmail} error={errors.email} />
        <PasswordFields
          current={{
            label: t('requiredReset.currentPassword'),
            name: 'password',
            value: password,
            onValue: setPassword,
            error: errors.password,
          }}
          next={{
            label: t('newPassword'),
            name: 'newPassword',
            value: newPassword,
            onValue: setNewPassword,
            error: errors.newPassword,
          }}
          confirm={{
            label: t('requiredReset.confirmNew'),
            name: 'confirm',
            value: confirm,
            onValue: setConfirm,
            error: errors.confirm,
          }}
        />
        <FormError message={serverError} testId="auth-error" />
        <SubmitButton wide busy={busy} busyLabel={t('saving')}>
          {t('requiredReset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
