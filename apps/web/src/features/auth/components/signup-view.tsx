import { ApiError, signup } from '@marquee/api-client';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { useCaptchaConfig, useSiteTerms } from '../api/use-auth-queries';
import { useFormErrors } from '../hooks/use-form-errors';
import { useAuthTranslation } from '../hooks/use-auth-translation';
import { AuthErrorCode, errorCode } from '../utils/auth-errors';
import { carriedQuery, returnPath } from '../utils/return-intent';
import type { AuthPerms } from '../utils/site-perms';
import { PASSWORD_MIN, validateSignup, type FieldErrors } from '../utils/validation';
import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { AuthDisabled } from './auth-disabled';
import { SignupExternal } from './signup-external';
import { FormError, SubmitButton, TextField } from '../../../components/form-fields';
import { PasswordFields } from '../../../components/password-fields';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

const ORDER = ['firstName', 'lastName', 'email', 'password', 'terms', 'captchaToken'] as const;

/** /signup: name, e-mail, password, terms and the site's captcha (spec §2, §5). */
export function SignupView({ perms }: { perms: AuthPerms }) {
  const { t, serverText, localize } = useAuthTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, track } = useSession();
  const { formRef, errors, setErrors } = useFormErrors(ORDER);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [showTerms, setShowTerms] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const captcha = useCaptchaConfig();
  const termsText = useSiteTerms(showTerms);

  if (perms.hideAuth) return <AuthDisabled />;
  if (perms.identityPlatform) return <SignupExternal platform={perms.identityPlatform} />;

  const carried = carriedQuery(params);
  const altcha = captcha.data?.provider === 'altcha' ? captcha.data : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup({
      firstName,
      lastName,
      email,
      password,
      terms,
      captchaToken,
      captchaRequired: !!altcha,
    });
    setErrors(localize(found));
    if (Object.keys(found).length) return;
    setBusy(true);
    setServerError(null);
    try {
      const response = await track(
        signup(api, {
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          email: email.trim(),
          password,
          captchaToken: captchaToken ?? undefined,
          terms: true,
        }),
      );
      signIn(response);
      navigate(returnPath(params), { replace: true });
    } catch (error) {
      setBusy(false);
      // A captcha payload is single use: whatever happened, solve a fresh one.
      if (altcha) setCaptchaReset((n) => n + 1);
      const code = errorCode(error);
      if (code === AuthErrorCode.emailTaken) {
        setErrors({ email: serverText(error) });
      } else if (code === AuthErrorCode.authDisabled) {
        setServerError(t('disabled'));
      } else if (error instanceof ApiError && error.field && ORDER.includes(error.field as never)) {
        setErrors({ [error.field]: error.message } as FieldErrors);
      } else {
        setServerError(serverText(error));
      }
    }
  };

  const loginLink = (
    <p className="auth-alt">
      {t('signup.haveAccount')} <Link to={`/login${carried}`}>{t('signIn')}</Link>
    </p>
  );

  return (
    <AuthCard title={t('signup.title')} testId="signup">
      <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="auth-row">
          <TextField
            label={t('signup.firstName')}
            name="firstName"
            autoComplete="given-name"
            value={firstName}
            onValue={setFirstName}
            error={errors.firstName}
          />
          <TextField
            label={t('signup.lastName')}
            name="lastName"
            autoComplete="family-name"
            value={lastName}
            onValue={setLastName}
            error={errors.lastName}
          />
        </div>
        <EmailField value={email} onValue={setEmail} error={errors.email} />
        <PasswordFields
          next={{
            label: t('password'),
            name: 'password',
            value: password,
            onValue: setPassword,
            error: errors.password,
            hint: t('signup.passwordHint', { min: PASSWORD_MIN }),
          }}
        />
        <div className="auth-terms">
          <label className="auth-check">
            <input
              type="checkbox"
              name="terms"
              checked={terms}
              onChange={(e) => setTerms(e.target.checked)}
              aria-invalid={errors.terms ? true : undefined}
              data-testid="signup-terms"
            />
            {t('signup.accept')}{' '}
            <button type="button" className="auth-linkish" onClick={() => setShowTerms((v) => !v)}>
              {t('signup.terms')}
            </button>
          </label>
          {showTerms ? (
            <div className="auth-terms__text" tabIndex={0} aria-label={t('termsOfUse')}>
              {termsText.isPending
                ? t('loadingTerms')
                : termsText.isError
                  ? serverText(termsText.error)
                  : termsText.data?.text}
            </div>
          ) : null}
          {errors.terms ? <p className="field__error">{errors.terms}</p> : null}
        </div>
        {altcha ? (
          <AltchaCaptcha
            challengeUrl={altcha.challengeUrl}
            onToken={setCaptchaToken}
            resetKey={captchaReset}
            error={errors.captchaToken}
          />
        ) : captcha.isPending ? (
          <p className="field__hint" role="status">
            {t('captcha.loading')}
          </p>
        ) : null}
        <FormError message={serverError} testId="signup-error" />
        <SubmitButton
          busy={busy || captcha.isPending}
          busyLabel={busy ? t('signup.creating') : t('pleaseWait')}
        >
          {t('signup.submit')}
        </SubmitButton>
      </form>
      {loginLink}
    </AuthCard>
  );
}
