import { login } from '@marquee/api-client';
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
import { validateLogin } from '../utils/validation';
import { AuthDisabled } from './auth-disabled';
import { AltchaCaptcha } from '../../../components/altcha-captcha';
import { FormMessage, SubmitButton } from '../../../components/form-fields';
import { PasswordFields } from '../../../components/password-fields';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';
import { SocialLogin } from './social-login';

const ORDER = ['email', 'password', 'terms', 'captchaToken'] as const;

type ServerError = { kind: 'locked' | 'plain'; message: string } | null;

/**
 * /login: e-mail and password, the terms box when the site asks for it, social login (spec §2, §4, §5).
 * `notice` is an `auth` message key another screen sent the viewer here with (e.g. `login.codeExpired`).
 */
export function LoginView({ perms, notice }: { perms: AuthPerms; notice?: string }) {
  const { t, serverText, localize } = useAuthTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, track } = useSession();
  const { formRef, errors, setErrors } = useFormErrors(ORDER);
  // A gift's link carries the recipient (§2 loginAs): the e-mail starts filled in.
  const [email, setEmail] = useState(() => params.get('loginAs') ?? '');
  const [password, setPassword] = useState('');
  const [termsNeeded, setTermsNeeded] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<ServerError>(null);
  const terms = useSiteTerms(termsNeeded);
  // Shown once the server answers 403 captchaRequired (too many failed logins, decision 0006).
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const captcha = useCaptchaConfig(captchaNeeded);
  const altcha = captchaNeeded && captcha.data?.provider === 'altcha' ? captcha.data : null;

  if (perms.hideAuth) return <AuthDisabled />;

  const carried = carriedQuery(params);
  const target = returnPath(params);
  const intent = params.get('odrc') ?? undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ email, password });
    if (termsNeeded && !termsAccepted) found.terms = 'validation.acceptTerms';
    if (altcha && !captchaToken) found.captchaToken = 'validation.captchaRequired';
    setErrors(localize(found));
    if (Object.keys(found).length) return;
    setBusy(true);
    setServerError(null);
    try {
      const response = await track(
        login(api, {
          email: email.trim(),
          password,
          terms: termsNeeded ? true : undefined,
          captchaToken: captchaNeeded ? (captchaToken ?? undefined) : undefined,
        }),
      );
      signIn(response);
      navigate(target, { replace: true });
    } catch (error) {
      setBusy(false);
      // A captcha payload is single use: whatever happened, solve a fresh one.
      if (captchaNeeded) setCaptchaReset((n) => n + 1);
      switch (errorCode(error)) {
        case AuthErrorCode.captchaRequired:
          setCaptchaNeeded(true);
          setServerError({ kind: 'plain', message: t('login.solveCaptcha') });
          return;
        case AuthErrorCode.unreelTerms:
          setTermsNeeded(true);
          setServerError({ kind: 'plain', message: t('login.reviewTerms') });
          return;
        case AuthErrorCode.pwdExpired:
          navigate('/required-reset-pw', { state: { email: email.trim(), msg: serverText(error) } });
          return;
        case AuthErrorCode.accountLocked:
          setServerError({ kind: 'locked', message: serverText(error) });
          return;
        case AuthErrorCode.authDisabled:
          setServerError({ kind: 'plain', message: t('disabled') });
          return;
        default:
          setServerError({ kind: 'plain', message: serverText(error) });
      }
    }
  };

  const signupLink = (
    <p className="auth-alt" data-testid="signup-offer">
      {t('login.newHere')} <Link to={`/signup${carried}`}>{t('login.createAccount')}</Link>
    </p>
  );

  return (
    <AuthCard title={intent === 'activate' ? t('login.titleActivate') : t('login.title')} testId="login">
      {notice ? <FormMessage kind="info">{t(notice)}</FormMessage> : null}
      {perms.swapLogin && !perms.identityPlatform ? signupLink : null}
      <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <EmailField value={email} onValue={setEmail} error={errors.email} />
        <PasswordFields
          current={{
            label: t('password'),
            name: 'password',
            value: password,
            onValue: setPassword,
            error: errors.password,
          }}
        />
        {termsNeeded ? (
          <div className="auth-terms" data-testid="terms-box">
            <div className="auth-terms__text" tabIndex={0} aria-label={t('termsOfUse')}>
              {terms.isPending
                ? t('loadingTerms')
                : terms.isError
                  ? serverText(terms.error)
                  : terms.data?.text}
            </div>
            <label className="auth-check">
              <input
                type="checkbox"
                name="terms"
                checked={termsAccepted}
                onChange={(e) => setTermsAccepted(e.target.checked)}
                aria-invalid={errors.terms ? true : undefined}
              />
              {t('login.acceptTerms')}
            </label>
            {errors.terms ? <p className="field__error">{errors.terms}</p> : null}
          </div>
        ) : null}
        {altcha ? (
          <AltchaCaptcha
            challengeUrl={altcha.challengeUrl}
            onToken={setCaptchaToken}
            resetKey={captchaReset}
            error={errors.captchaToken}
          />
        ) : captchaNeeded && captcha.isPending ? (
          <p className="field__hint" role="status">
            {t('captcha.loading')}
          </p>
        ) : null}
        {serverError ? (
          <FormMessage kind="error" testId="login-error">
            {serverError.message}
            {serverError.kind === 'locked' ? (
              <>
                {' '}
                <Link to={`/forgot-pw${carried}`}>{t('login.resetPassword')}</Link>
              </>
            ) : null}
          </FormMessage>
        ) : null}
        <SubmitButton wide busy={busy} busyLabel={t('login.signingIn')}>
          {t('signIn')}
        </SubmitButton>
      </form>
      <p className="auth-links">
        <Link to={`/forgot-pw${carried}`}>{t('login.forgotPassword')}</Link>
        {' · '}
        <Link to="/passcode">{t('login.withPasscode')}</Link>
      </p>
      <SocialLogin returnTo={target} odrc={intent} />
      {perms.swapLogin || perms.identityPlatform ? null : signupLink}
      {perms.activateToLogin && intent !== 'activate' ? (
        <p className="auth-alt" data-testid="activate-offer">
          {t('login.onTv')} <Link to="/login?odrc=activate">{t('login.onTvLink')}</Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
