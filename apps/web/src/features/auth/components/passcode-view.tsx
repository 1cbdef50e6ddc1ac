import { passcodeLogin } from '@marquee/api-client';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { useFormErrors } from '../hooks/use-form-errors';
import { useAuthTranslation } from '../hooks/use-auth-translation';
import { passcodeRedirect } from '../utils/passcode-next';
import { carriedQuery, returnPath } from '../utils/return-intent';
import { validateCode } from '../utils/validation';
import { FormMessage, SubmitButton, TextField } from '../../../components/form-fields';
import { AuthCard } from './auth-card';

const ORDER = ['code'] as const;

/** /passcode: signs in with a passcode; flags send the account to forgot-pw or login (spec §4 Session). */
export function PasscodeView() {
  const { t, serverText, localize } = useAuthTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, track } = useSession();
  const { formRef, errors, setErrors } = useFormErrors(ORDER);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCode(code);
    setErrors(localize(found));
    if (Object.keys(found).length) return;
    setBusy(true);
    setMessage(null);
    try {
      const result = await track(passcodeLogin(api, code.trim()));
      if ('token' in result && result.token) {
        signIn(result);
        setMessage({ kind: 'success', text: t('passcode.success') });
        setTimeout(() => navigate(returnPath(params), { replace: true }), 1000);
        return;
      }
      const next = passcodeRedirect({ email: '', ...result }, params);
      navigate(next.to, next.notice ? { state: { notice: next.notice } } : undefined);
    } catch (error) {
      setMessage({ kind: 'error', text: serverText(error) });
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('passcode.title')} testId="passcode">
      <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('passcode.label')}
          name="code"
          autoComplete="one-time-code"
          value={code}
          onValue={setCode}
          error={errors.code}
        />
        {message ? (
          <FormMessage kind={message.kind} testId={`passcode-${message.kind}`}>
            {message.text}
          </FormMessage>
        ) : null}
        <SubmitButton wide busy={busy} busyLabel={t('passcode.checking')}>
          {t('signIn')}
        </SubmitButton>
      </form>
      <p className="auth-links">
        {/* The sign-in variants of a title that needs a passcode keep its intent (spec §2). */}
        <Link to={`/login${carriedQuery(params)}`} data-testid="passcode-with-password">
          {t('passcode.withPassword')}
        </Link>
        {' · '}
        <Link to={`/signup${carriedQuery(params)}`} data-testid="passcode-signup">
          {t('login.createAccount')}
        </Link>
      </p>
      {params.has('existsPasscodeBoth') ? (
        // The title is also sold without a passcode (decision 0061): back to it, where its paywall is.
        <p className="auth-links">
          <Link to={returnPath(params)} data-testid="passcode-or-buy">
            {t('passcode.orBuy')}
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
