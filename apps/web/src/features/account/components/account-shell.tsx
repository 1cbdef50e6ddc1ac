import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { accountPaths } from '../../../config/account-paths';
import './account.css';

// Purchases belongs to commerce (features/purchases, composed in app/routes/purchases-route.tsx).
const TABS = [
  { to: accountPaths.profileInfo.getHref(), label: 'tabs.profile' },
  { to: accountPaths.activeDevices.getHref(), label: 'tabs.devices' },
  { to: accountPaths.purchases.getHref(), label: 'tabs.purchases' },
  { to: accountPaths.deleteAccount.getHref(), label: 'tabs.delete' },
] as const;

/** The account area's frame: title, tabs (links, current one marked); toasts show in the site's toaster. */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <div className="account" data-testid="account">
      <header className="account__header">
        <h1 className="account__title">{title}</h1>
        <nav className="account__tabs" aria-label={t('tabs.label')}>
          <ul>
            {TABS.map((tab) => (
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
