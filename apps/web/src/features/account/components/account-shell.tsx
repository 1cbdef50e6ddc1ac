import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '@marquee/api-client/react';
import { permissionsOf } from '@marquee/domain';
import { accountPaths } from '../../../config/account-paths';
import './account.css';

// Purchases belongs to commerce (features/purchases, composed in app/routes/purchases-route.tsx).
const TABS = [
  { to: accountPaths.profileInfo.getHref(), label: 'tabs.profile' },
  { to: accountPaths.activeDevices.getHref(), label: 'tabs.devices' },
  { to: accountPaths.purchases.getHref(), label: 'tabs.purchases' },
  { to: accountPaths.deleteAccount.getHref(), label: 'tabs.delete' },
] as const;
/** Shown to staff, support and admin only (decision 0054); the server checks every call again. */
const MODERATION_TAB = { to: accountPaths.moderation.getHref(), label: 'tabs.moderation' } as const;
/** Shown to holders of analytics.read, the site's admins (decision 0060). */
const DROPPED_CARTS_TAB = { to: accountPaths.droppedCarts.getHref(), label: 'tabs.droppedCarts' } as const;

/** The account area's frame: title, tabs (links, current one marked); toasts show in the site's toaster. */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const perms = permissionsOf(user?.roles ?? []);
  const tabs = [
    ...TABS,
    ...(perms.has('content.moderate') ? [MODERATION_TAB] : []),
    ...(perms.has('analytics.read') ? [DROPPED_CARTS_TAB] : []),
  ];
  return (
    <div className="account" data-testid="account">
      <header className="account__header">
        <h1 className="account__title">{title}</h1>
        <nav className="account__tabs" aria-label={t('tabs.label')}>
          <ul>
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink to={tab.to} className="account__tab">
                  {t(tab.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="account__body">{children}</div>
    </div>
  );
}
