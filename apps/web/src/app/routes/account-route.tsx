import type { IdentityPlatform, User } from '@marquee/contract';
import type { Perms } from '@marquee/domain';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusMessage } from '../../components/status-message';
import { errorMessage } from '../../components/error-message';
import { ACTIVATE_HREF, accountPaths } from '../../config/account-paths';
import {
  AccountShell,
  ActiveDevices,
  ChangeEmailForm,
  DeleteAccount,
  ProfileInfo,
  ProfileManagedNote,
} from '../../features/account';
import { ModerationView } from '../../features/moderation';
import { DroppedCartsView } from '../../features/dropped-carts';
import { useSiteConfig } from '../../features/site';
import { useSession } from '@marquee/api-client/react';
import { RequireLogin } from '../../lib/session';

interface AccountPageProps {
  title: string;
  /** The login intent (odrc) that brings the viewer back here. */
  intent: string;
  children: (context: { user: User; perms: Perms; identityPlatform: IdentityPlatform }) => ReactNode;
}

/** Login required (§2 Account area), then the account frame once the user and the site's perms are known. */
function AccountPage({ title, intent, children }: AccountPageProps) {
  return (
    <RequireLogin intent={intent}>
      <AccountShell title={title}>
        <AccountBody>{children}</AccountBody>
      </AccountShell>
    </RequireLogin>
  );
}

function AccountBody({ children }: { children: AccountPageProps['children'] }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const config = useSiteConfig();
  if (config.isError) {
    return (
      <StatusMessage kind="error" title={t('pageLoadError')} onRetry={() => void config.refetch()}>
        {errorMessage(config.error)}
      </StatusMessage>
    );
  }
  if (!user || config.isPending) {
    return (
      <p className="account__loading" role="status">
        {t('loading')}
      </p>
    );
  }
  const { perms, identityPlatform } = config.data;
  return <>{children({ user, perms, identityPlatform })}</>;
}

/** /profile-info */
export function ProfileInfoRoute() {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('myAccount')} intent="profile-info">
      {({ user, perms, identityPlatform }) => (
        <ProfileInfo user={user} fields={perms} managedBy={identityPlatform?.name} />
      )}
    </AccountPage>
  );
}

/** /active-devices */
export function ActiveDevicesRoute() {
  const { t } = useTranslation();
  return (
    <AccountPage title={t('myAccount')} intent="active-devices">
      {() => <ActiveDevices activateHref={ACTIVATE_HREF} />}
    </AccountPage>
  );
}

/** /delete-account (anonymous viewers go to login with odrc delete-account). */
export function DeleteAccountRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signOut } = useSession();
  // Leave the login-only area (committed at once, not in a transition) before signing out, so
  // RequireLogin does not bounce the viewer to /login.
  const onDeleted = useCallback(async () => {
    await navigate('/', { replace: true, flushSync: true });
    await signOut();
  }, [navigate, signOut]);
  return (
    <AccountPage title={t('myAccount')} intent="delete-account">
      {({ perms }) => <DeleteAccount selfDelete={perms.selfDelete} onDeleted={onDeleted} />}
    </AccountPage>
  );
}

/** /change-email: the change-email form as a page; back to the profile when saved. */
export function ChangeEmailRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toProfile = () => navigate(accountPaths.profileInfo.getHref());
  return (
    <AccountPage title={t('changeEmail')} intent="change-email">
      {({ user, identityPlatform }) =>
        identityPlatform ? (
          <ProfileManagedNote name={identityPlatform.name} />
        ) : (
          <ChangeEmailForm currentEmail={user.email} onDone={toProfile} onCancel={toProfile} />
        )
      }
    </AccountPage>
  );
}

/** /moderation: the staff review of reported moments and gifs (decision 0054); others are told no. */
export function ModerationRoute() {
  const { t } = useTranslation('moderation');
  return (
    <AccountPage title={t('title')} intent="moderation">
      {({ user }) => <ModerationView roles={user.roles} />}
    </AccountPage>
  );
}

/** /dropped-carts: the admins' list of viewers who left checkout without paying (decision 0060). */
export function DroppedCartsRoute() {
  const { t } = useTranslation('droppedCarts');
  return (
    <AccountPage title={t('title')} intent="dropped-carts">
      {({ user }) => <DroppedCartsView roles={user.roles} />}
    </AccountPage>
  );
}
