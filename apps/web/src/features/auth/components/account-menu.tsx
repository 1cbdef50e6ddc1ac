import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@marquee/api-client/react';
import { accountName } from '../utils/account-name';
import type { AuthPerms } from '../utils/site-perms';
import { PROFILE_PATH } from '../utils/guest-guard';
import { Avatar } from '../../../components/avatar';

/** The header's session corner: Sign in (Sign up with swapLogin), or the account menu with Sign out. */
export function AccountMenu({ perms }: { perms: AuthPerms | undefined }) {
  const { t } = useTranslation('auth');
  const { status, user, connecting, signOut } = useSession();
  const navigate = useNavigate();
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute('open');

  // A disclosure menu: Escape and a click outside close it too.
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && menu.current?.open) {
        close();
        menu.current.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <div className="account-menu" data-testid="account-menu">
      {connecting ? (
        <span className="account-menu__connecting" role="status" data-testid="connecting">
          {t('menu.connecting')}
        </span>
      ) : null}
      {status === 'signedIn' ? (
        <details className="account-menu__details" ref={menu}>
          <summary className="account-menu__summary" data-testid="account-menu-button">
            {user ? (
              <Avatar userId={user.id} className="account-menu__avatar" />
            ) : (
              <span className="account-menu__avatar" aria-hidden="true" />
            )}
            <span className="account-menu__name">{accountName(user, t('menu.guest'))}</span>
          </summary>
          <ul className="account-menu__list">
            <li>
              <Link to={PROFILE_PATH} onClick={close}>
                {t('menu.myAccount')}
              </Link>
            </li>
            <li>
              <Link to="/library" onClick={close} data-testid="library-link">
                {t('menu.library')}
              </Link>
            </li>
            <li>
              <Link to="/activate" onClick={close}>
                {t('menu.activateDevice')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                data-testid="sign-out"
                onClick={() => {
                  close();
                  void signOut().then(() => navigate('/', { replace: true }));
                }}
              >
                {t('menu.signOut')}
              </button>
            </li>
          </ul>
        </details>
      ) : status === 'anonymous' && perms && !perms.hideAuth ? (
        perms.swapLogin ? (
          <Link className="button" to="/signup" data-testid="sign-in-link">
            {t('signUp')}
          </Link>
        ) : (
          <Link className="button" to="/login" data-testid="sign-in-link">
            {t('signIn')}
          </Link>
        )
      ) : null}
    </div>
  );
}
