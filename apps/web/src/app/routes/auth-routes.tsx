import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../components/error-message';
import { paths } from '../../config/paths';
import {
  ActivateView,
  AutologinView,
  ForgotPasswordView,
  GuestOnly,
  LoginView,
  OauthCallbackView,
  PasscodeView,
  RequiredResetView,
  ResetPasswordView,
  SignupView,
  type AuthPerms,
} from '../../features/auth';
import { useSiteConfig } from '../../features/site';
import { RequireLogin } from '../../lib/session';

/** The site flags the sign-in screens follow; waits for the site config. */
function WithAuthPerms({ render }: { render: (perms: AuthPerms) => ReactNode }) {
  const { t } = useTranslation();
  const config = useSiteConfig();
  if (config.isPending) {
    return (
      <p className="session-loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (config.isError) {
    return (
      <StatusMessage kind="error" title={t('siteLoadError')} onRetry={() => void config.refetch()}>
        {errorMessage(config.error)}
      </StatusMessage>
    );
  }
  const { hideAuth, swapLogin, activateToLogin } = config.data.perms;
  const { identityPlatform } = config.data;
  return <>{render({ hideAuth, swapLogin, activateToLogin, identityPlatform })}</>;
}

/** `notice`: an `auth` message key from the screen that sent the viewer here (autologin, passcode). */
function LoginRoute() {
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  return (
    <GuestOnly>
      <WithAuthPerms render={(perms) => <LoginView perms={perms} notice={notice} />} />
    </GuestOnly>
  );
}

function ResetPasswordRoute() {
  const { code = '' } = useParams();
  return <ResetPasswordView key={code} code={code} />;
}

function AutologinRoute() {
  const { code = '' } = useParams();
  return <AutologinView key={code} code={code} />;
}

function ActivateRoute() {
  const source = new URLSearchParams(useLocation().search).get('source') ?? undefined;
  return (
    <RequireLogin intent="activate" params={{ source }}>
      <ActivateView />
    </RequireLogin>
  );
}

function OauthCallbackRoute() {
  const { provider = '' } = useParams();
  return <OauthCallbackView provider={provider} />;
}

/** Sign-in screens (accounts-and-commerce §2 Not-logged-in group and other account routes). */
export const authRoutes: RouteObject[] = [
  { path: paths.login.path, element: <LoginRoute /> },
  {
    path: paths.signup.path,
    element: (
      <GuestOnly>
        <WithAuthPerms render={(perms) => <SignupView perms={perms} />} />
      </GuestOnly>
    ),
  },
  {
    path: paths.forgotPassword.path,
    element: (
      <GuestOnly>
        <WithAuthPerms render={(perms) => <ForgotPasswordView perms={perms} />} />
      </GuestOnly>
    ),
  },
  { path: paths.resetPassword.path, element: <ResetPasswordRoute /> },
  { path: paths.requiredResetPassword.path, element: <RequiredResetView /> },
  { path: paths.passcode.path, element: <PasscodeView /> },
  { path: paths.autologin.path, element: <AutologinRoute /> },
  { path: paths.activate.path, element: <ActivateRoute /> },
  { path: paths.activateVizio.path, element: <Navigate replace to={paths.activate.getHref('vizio')} /> },
  { path: paths.oauthCallback.path, element: <OauthCallbackRoute /> },
];
