import type { WatchPartySession } from '@marquee/contract';
import { LINK_COPIED_TOAST_MS, partyPath } from '@marquee/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';

/** What a party's link is made of (`partyPath`: the live route for a live event, else the lobby). */
export type PartyLinkOf = Pick<WatchPartySession, 'pid' | 'isLive' | 'channel' | 'contentId'>;

/** The party's link on this site's own origin (the page the guest opens; decision 0051). */
export const partyLink = (party: PartyLinkOf) =>
  typeof window === 'undefined' ? partyPath(party) : new URL(partyPath(party), window.location.origin).href;

/**
 * The party's share panel (§2.3 watch-party share link: read-only link, Copy, Done; §4.9 the
 * 'Link copied' toast for 750 ms), with the short code a TV joins with (issue 15 item 6).
 */
export function PartySharePanel({
  party,
  code,
  onDone,
}: {
  party: PartyLinkOf;
  code: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation('watchParty');
  const linkId = useId();
  const link = partyLink(party);
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
