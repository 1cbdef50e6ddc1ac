import { ApiError, getResetCode, queryKeys, resetPassword } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { useFormErrors } from '../hooks/use-form-errors';
import { useAuthTranslation } from '../hooks/use-auth-translation';
import { resetFailureText } from '../utils/auth-errors';
import { returnPath } from '../utils/return-intent';
import { validateNewPassword } from '../utils/validation';
import { FormError, FormMessage, SubmitButton } from '../../../components/form-fields';
import { PasswordFields } from '../../../components/password-fields';
import { AuthCard } from './auth-card';

const ORDER = ['password', 'confirm'] as const;

/** /reset-pw/:code: checks the code, then sets the new password and signs in (spec §2, §5). */
export function ResetPasswordView({ code }: { code: string }) {
  const { t, serverText, localize } = useAuthTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, track } = useSession();
  const { formRef, errors, setErrors } = useFormErrors(ORDER);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const check = useQuery({
    queryKey: [...queryKeys.all(api), 'reset-code', code],
    queryFn: ({ signal }) => getResetCode(api, code, signal),
    retry: false,
    staleTime: Infinity,
  });

  const title = params.get('odrc') === 'redeem-gift' ? t('reset.titleGift') : t('reset.title');
  const target = returnPath(params);

  if (check.isPending) {
    return (
      <AuthCard title={title}>
        <p role="status">{t('reset.checking')}</p>
      </AuthCard>
    );
  }
  if (check.isError && !done) {
    const invalid = check.error instanceof ApiError && check.error.status === 404;
    return (
      <StatusMessage
        kind="error"
        title={invalid ? t('reset.invalid') : title}
        testId="reset-pw-invalid"
        onRetry={invalid ? undefined : () => void check.refetch()}
      >
        <p>{serverText(check.error)}</p>
        <p>
          <Link to="/forgot-pw">{t('reset.newLink')}</Link>
        </p>
      </StatusMessage>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword({ password, confirm });
    setErrors(localize(found));
    if (Object.keys(found).length) return;
    setBusy(true);
    setServerError(null);
    try {
      const response = await track(resetPassword(api, code, password, confirm));
      signIn(response);
      setDone(true);
    } catch (error) {
      setServerError(
        resetFailureText(error, {
          failed: t('reset.failed'),
          failedBecause: (reason) => t('reset.failedBecause', { reason }),
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={title} testId="reset-pw">
      {done ? (
        <>
          <FormMessage kind="success" testId="reset-pw-done">
            {t('reset.success')}
          </FormMessage>
          <button
            type="button"
            className="button form-submit"
            onClick={() => navigate(target, { replace: true })}
          >
            {t('reset.continue')}
          </button>
        </>
      ) : (
        <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
          {check.data ? (
            <p className="auth-intro">{t('reset.chooseFor', { email: check.data.email })}</p>
          ) : null}
          <PasswordFields
            next={{
              label: t('newPassword'),
              name: 'password',
              value: password,
              onValue: setPassword,
              error: errors.password,
            }}
            confirm={{
              label: t('confirmPassword'),
              name: 'confirm',
              value: confirm,
              onValue: setConfirm,
              error: errors.confirm,
            }}
          />
          <FormError message={serverError} testId="reset-pw-error" />
          <SubmitButton wide busy={busy} busyLabel={t('saving')}>
            {t('reset.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
