import { LINK_COPIED_TOAST_MS, partyLobbyPath } from '@marquee/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';

/** The party's link on this site's own origin (the page the guest opens: /watch-party?pid). */
export const partyLink = (pid: string) =>
  typeof window === 'undefined'
    ? partyLobbyPath(pid)
    : new URL(partyLobbyPath(pid), window.location.origin).href;

/**
 * The party's share panel (§2.3 watch-party share link: read-only link, Copy, Done; §4.9 the
 * 'Link copied' toast for 750 ms), with the short code a TV joins with (issue 15 item 6).
 */
export function PartySharePanel({ pid, code, onDone }: { pid: string; code: string; onDone?: () => void }) {
  const { t } = useTranslation('watchParty');
  const linkId = useId();
  const link = partyLink(pid);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast(t('share.copied'), 'success', LINK_COPIED_TOAST_MS);
    } catch {
      showToast(t('share.copyFailed'), 'error');
    }
  };
  return (
    <div className="party-share" data-testid="party-share">
      <label className="party-share__label" htmlFor={linkId}>
        {t('share.link')}
      </label>
      <div className="party-share__row">
        <input
          id={linkId}
          className="party-share__input"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="party-share-link"
        />
        <button type="button" className="button" onClick={() => void copy()} data-testid="party-share-copy">
          {t('share.copy')}
        </button>
      </div>
      <p className="party-share__code">
        <span>{t('share.code')}: </span>
        <strong data-testid="party-share-code">{code}</strong>
      </p>
      <p className="party-share__hint">{t('share.codeHint')}</p>
      {onDone ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={onDone}
          data-testid="party-share-done"
        >
          {t('share.done')}
        </button>
      ) : null}
    </div>
  );
}
