import { requestPasswordReset } from '@marquee/api-client';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { useFormErrors } from '../hooks/use-form-errors';
import { useAuthTranslation } from '../hooks/use-auth-translation';
import { resetMailErrorText } from '../utils/auth-errors';
import { carriedQuery } from '../utils/return-intent';
import type { AuthPerms } from '../utils/site-perms';
import { validateEmailOnly } from '../utils/validation';
import { AuthDisabled } from './auth-disabled';
import { FormError, FormMessage, SubmitButton } from '../../../components/form-fields';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

const ORDER = ['email'] as const;

/** /forgot-pw?fromPasscode&automatic: asks for a reset e-mail (spec §2, §8). */
export function ForgotPasswordView({ perms }: { perms: AuthPerms }) {
  const { t, localize } = useAuthTranslation();
  const [params] = useSearchParams();
  const { track } = useSession();
  const { formRef, errors, setErrors } = useFormErrors(ORDER);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  if (perms.hideAuth) return <AuthDisabled />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateEmailOnly(email);
    setErrors(localize(found));
    if (Object.keys(found).length) return;
    setBusy(true);
    setServerError(null);
    try {
      await track(requestPasswordReset(api, email.trim(), window.location.origin));
      setSentTo(email.trim());
    } catch (error) {
      setServerError(resetMailErrorText(error, t('forgot.failed')));
    } finally {
      setBusy(false);
    }
  };

  const intro =
    params.get('automatic') !== null
      ? t('forgot.introAutomatic')
      : params.get('fromPasscode') !== null
        ? t('forgot.introPasscode')
        : t('forgot.intro');

  return (
    <AuthCard title={t('forgot.title')} testId="forgot-pw">
      {sentTo ? (
        <FormMessage kind="success" testId="forgot-pw-sent">
          {t('forgot.sent', { email: sentTo })}
        </FormMessage>
      ) : (
        <>
          <p className="auth-intro">{intro}</p>
          <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
            <EmailField value={email} onValue={setEmail} error={errors.email} />
            <FormError message={serverError} testId="forgot-pw-error" />
            <SubmitButton wide busy={busy} busyLabel={t('forgot.sending')}>
              {t('forgot.submit')}
            </SubmitButton>
          </form>
        </>
      )}
      <p className="auth-links">
        <Link to={`/login${carriedQuery(params)}`}>{t('backToSignIn')}</Link>
      </p>
    </AuthCard>
  );
}
