import './site.css';
import { channelsQueryOptions } from '@marquee/api-client';
import type { LeftMenuItem, SiteConfig } from '@marquee/contract';
import { SOCIAL_NETWORKS } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api';
import { useDelayedHide } from '../hooks/use-delayed-hide';
import { LEFT_MENU_HIDE_DELAY_MS, channelGroupTargets, menuItemTarget, type MenuTarget } from '../utils/menu';
import { LanguageSelect } from './language-select';

interface LeftMenuProps {
  config: SiteConfig;
  /** The signed-in user's id, for [USER_ID] in links; null when signed out. */
  userId: string | null;
  open: boolean;
  onClose: () => void;
}

/**
 * The left menu (§2.9): its items, the language select, privacy-choices and social links, and the
 * 'built by' credit (hidden on whitelabel sites). Escape, the backdrop or following an item closes it.
 */
export function LeftMenu({ config, userId, open, onClose }: LeftMenuProps) {
  const { t } = useTranslation('site');
  const rendered = useDelayedHide(open, LEFT_MENU_HIDE_DELAY_MS);
  const panel = useRef<HTMLElement>(null);
  const hasGroups = config.menus.left.some((i) => i.type === 'channel-group');
  const channels = useQuery({
    ...channelsQueryOptions(api, { page: 0, pageSize: 100 }),
    enabled: rendered && hasGroups,
  });
  const channelName = (id: string) =>
    channels.data?.items.find((c) => c.channelId === id || c.id === id)?.name ?? id;

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button, select')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      if (e.key !== 'Tab' || !panel.current) return;
      // Keep Tab inside the open menu (it covers the page like a dialog).
      const focusable = [...panel.current.querySelectorAll<HTMLElement>('a, button, select, summary')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!rendered) return null;
  const social = SOCIAL_NETWORKS.filter((n) => config.menus.social[n]);

  return (
    <div className={`left-menu${open ? ' left-menu--open' : ' left-menu--closing'}`}>
      <div className="left-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <aside
        id="left-menu"
        ref={panel}
        className="left-menu__panel"
        aria-label={t('menu')}
        data-testid="left-menu"
        inert={!open}
      >
        <div className="left-menu__head">
          <button type="button" className="left-menu__close" aria-label={t('closeMenu')} onClick={onClose}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        <ul className="left-menu__items">
          {config.menus.left.map((item, i) => (
            <li key={`${item.type}-${i}`} data-menu-type={item.type}>
              {item.type === 'channel-group' ? (
                <ChannelGroup item={item} name={channelName} onFollow={onClose} />
              ) : (
                <MenuLink target={menuItemTarget(item, config, userId)} onFollow={onClose}>
                  {item.label}
                </MenuLink>
              )}
            </li>
          ))}
        </ul>
        <LanguageSelect />
        {config.menus.privacyChoices.length > 0 ? (
          <ul className="left-menu__privacy" aria-label={t('privacyChoices')}>
            {config.menus.privacyChoices.map((p) => (
              <li key={p.url}>
                <MenuLink target={{ kind: 'external', href: p.url }} onFollow={onClose}>
                  {p.label}
                </MenuLink>
              </li>
            ))}
          </ul>
        ) : null}
        {social.length > 0 ? (
          <ul className="left-menu__social" aria-label={t('followUs')}>
            {social.map((n) => (
              <li key={n}>
                <a href={config.menus.social[n]} target="_blank" rel="noopener noreferrer" data-social={n}>
                  {t(`social.${n}`)}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {config.perms.whitelabel ? null : (
          <p className="left-menu__credit" data-testid="built-by">
            {t('builtBy')}
          </p>
        )}
      </aside>
    </div>
  );
}

function MenuLink({
  target,
  onFollow,
  children,
}: {
  target: MenuTarget;
  onFollow: () => void;
  children: string;
}) {
  const { t } = useTranslation('site');
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
        {children} <span className="visually-hidden">{t('opensInNewTab')}</span>
      </a>
    );
  }
  return (
    <Link to={target.to} onClick={onFollow}>
      {children}
    </Link>
  );
}

function ChannelGroup({
  item,
  name,
  onFollow,
}: {
  item: Extract<LeftMenuItem, { type: 'channel-group' }>;
  name: (id: string) => string;
  onFollow: () => void;
}) {
  return (
    <details className="left-menu__group">
      <summary>{item.label}</summary>
      <ul>
        {channelGroupTargets(item.channelIds).map((c) => (
          <li key={c.channelId}>
            <Link to={c.to} onClick={onFollow}>
              {name(c.channelId)}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
