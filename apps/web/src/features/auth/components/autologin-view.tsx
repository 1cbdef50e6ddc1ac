import { autologin, autologinSetPassword, queryKeys, type AutologinResult } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { StatusMessage } from '../../../components/status-message';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { useFormErrors } from '../hooks/use-form-errors';
import { useAuthTranslation } from '../hooks/use-auth-translation';
import { isRateLimited } from '../utils/auth-errors';
import { autologinNext, autologinOutcome } from '../utils/autologin-outcome';
import { validateNewPassword } from '../utils/validation';
import { FormError, FormMessage, SubmitButton } from '../../../components/form-fields';
import { PasswordFields } from '../../../components/password-fields';
import { AuthCard } from './auth-card';

const ORDER = ['password', 'confirm'] as const;

/** /autologin/:code: signs in from a link code (spec §4 Autologin). */
export function AutologinView({ code }: { code: string }) {
  const { t, serverText } = useAuthTranslation();
  const navigate = useNavigate();
  const { signIn, track } = useSession();
  // A query, not an effect, so StrictMode's double mount spends the code once.
  const attempt = useQuery({
    queryKey: [...queryKeys.all(api), 'autologin', code],
    queryFn: () => track(autologin(api, code)),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const [setPasswordResult, setSetPasswordResult] = useState<AutologinResult | null>(null);
  const outcome = autologinOutcome(setPasswordResult ?? attempt.data, attempt.error);

  useEffect(() => {
    const result = setPasswordResult ?? attempt.data;
    const next = autologinNext(outcome);
    if (!next) return;
    if (next.afterMs) {
      const timer = setTimeout(() => navigate(next.to, { replace: true }), next.afterMs);
      return () => clearTimeout(timer);
    }
    if (outcome === 'signedIn') {
      if (!result || result.status !== 2 || !result.token) return;
      signIn(result as Parameters<typeof signIn>[0]);
    }
    navigate(next.to, { replace: true, state: next.notice ? { notice: next.notice } : undefined });
  }, [outcome, attempt.data, setPasswordResult, navigate, signIn]);

  if (outcome === 'pending' || outcome === 'expired' || outcome === 'linkExpired' || outcome === 'signedIn') {
    return (
      <AuthCard title={t('autologin.signingIn')}>
        <p role="status">{t('autologin.signingInBusy')}</p>
      </AuthCard>
    );
  }
  if (outcome === 'tooMany') {
    return (
      <StatusMessage kind="error" title={t('autologin.tooMany')} testId="autologin-error">
        {isRateLimited(attempt.error) ? serverText(attempt.error) : null}
      </StatusMessage>
    );
  }
  if (outcome === 'failed') {
    return (
      <StatusMessage kind="error" title={t('autologin.failed')} testId="autologin-error">
        {t('autologin.redirecting')}
      </StatusMessage>
    );
  }
  return <AutologinSetPassword code={code} onDone={setSetPasswordResult} track={track} />;
}

function AutologinSetPassword({
  code,
  onDone,
  track,
}: {
  code: string;
  onDone: (result: AutologinResult) => void;
  track: <T>(call: Promise<T>) => Promise<T>;
}) {
  const { t, serverText, localize } = useAuthTranslation();
  const { formRef, errors, setErrors } = useFormErrors(ORDER);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword({ password, confirm });
    setErrors(localize(found));
    if (Object.keys(found).length) return;
    setBusy(true);
    setServerError(null);
    try {
      onDone(await track(autologinSetPassword(api, code, password)));
    } catch (error) {
      setServerError(serverText(error));
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('autologin.setPasswordTitle')} testId="autologin-set-password">
      <FormMessage kind="info">{t('autologin.setPasswordIntro')}</FormMessage>
      <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <PasswordFields
          next={{
            label: t('password'),
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
        <FormError message={serverError} testId="auth-error" />
        <SubmitButton wide busy={busy} busyLabel={t('saving')}>
          {t('autologin.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
