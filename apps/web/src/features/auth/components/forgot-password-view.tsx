import { requestPasswordReset } from '@marquee/api-client';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useFormErrors } from '../hooks/use-form-errors';
import { isRateLimited, serverMessage } from '../utils/auth-errors';
import { carriedQuery } from '../utils/return-intent';
import type { AuthPerms } from '../utils/site-perms';
import { validateEmailOnly } from '../utils/validation';
import { AuthDisabled } from './auth-disabled';
import { FormError, FormMessage, SubmitButton } from '../../../components/form-fields';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

const ORDER = ['email'] as const;
export const RESET_MAIL_FAILED = 'Something went wrong. Please try again';

/** /forgot-pw?fromPasscode&automatic: asks for a reset e-mail (spec §2, §8). */
export function ForgotPasswordView({ perms }: { perms: AuthPerms }) {
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
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setServerError(null);
    try {
      await track(requestPasswordReset(api, email.trim(), window.location.origin));
      setSentTo(email.trim());
    } catch (error) {
      setServerError(isRateLimited(error) ? serverMessage(error) : RESET_MAIL_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const intro =
    params.get('automatic') !== null
      ? 'Your password needs to be reset before you can sign in. Enter your e-mail and we will send you a link.'
      : params.get('fromPasscode') !== null
        ? 'Set a password for your account: enter your e-mail and we will send you a link.'
        : 'Enter the e-mail of your account and we will send you a link to reset your password.';

  return (
    <AuthCard title="Forgot password" testId="forgot-pw">
      {sentTo ? (
        <FormMessage kind="success" testId="forgot-pw-sent">
          If an account exists for {sentTo}, we have sent it a link to reset the password. Check your inbox.
        </FormMessage>
      ) : (
        <>
          <p className="auth-intro">{intro}</p>
          <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
            <EmailField value={email} onValue={setEmail} error={errors.email} />
            <FormError message={serverError} testId="forgot-pw-error" />
            <SubmitButton wide busy={busy} busyLabel="Sending…">
              Send reset link
            </SubmitButton>
          </form>
        </>
      )}
      <p className="auth-links">
        <Link to={`/login${carriedQuery(params)}`}>Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
