import { ApiError, createWatchParty } from '@marquee/api-client';
import { PARTY_MESSAGES, partyPath } from '@marquee/domain';
import { useSession } from '@marquee/api-client/react';
import type { WatchPartySession } from '@marquee/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal';
import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { partyLink } from './party-share-panel';

/** The server's refusals that the spec words itself; anything else is §4.9's creation failure. */
const shownAsIs = new Set(['watchPartyDisabled', 'hostingOnMobile', 'hostingOnTv', 'moviesDesktopOnly']);

/**
 * The Watch Party button and its modals (§2.3 create watch party / create VOD watch party, then
 * the watch-party link: Cancel, Go to Lobby; a live event's party lives on its live route, decision
 * 0051). Hosting is off on mobile (§4.9): the button is
 * not offered there; signed-out viewers are not offered it either (§6: creation needs login).
 */
export function CreatePartyButton({
  contentId,
  title,
  isLive = false,
  className = 'button button--ghost',
}: {
  contentId: string;
  title: string;
  isLive?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('watchParty');
  const { status } = useSession();
  const navigate = useNavigate();
  const linkId = useId();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WatchPartySession | null>(null);
  if (status !== 'signedIn' || api.source === 'webMobile') return null;

  const create = async () => {
    setCreating(true);
    try {
      setCreated(await createWatchParty(api, contentId, { isLive }));
    } catch (err) {
      const message =
        err instanceof ApiError && shownAsIs.has(err.code) ? err.message : PARTY_MESSAGES.createFailed;
      showToast(message, 'error');
      setOpen(false);
    } finally {
      setCreating(false);
    }
  };
  const close = () => {
    setOpen(false);
    setCreated(null);
  };
  const cancel = (
    <button type="button" className="button button--ghost" onClick={close}>
      {t('create.cancel')}
    </button>
  );

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-testid="party-create">
        {t('create.button')}
      </button>
      {open && !created ? (
        <Modal
          title={isLive ? t('create.title') : t('create.titleVod')}
          onClose={close}
          testId="party-create-modal"
        >
          <p>{t(isLive ? 'create.bodyLive' : 'create.body', { title })}</p>
          <div className="party-actions">
            {cancel}
            <button
              type="button"
              className="button"
              onClick={() => void create()}
              disabled={creating}
              aria-busy={creating || undefined}
              data-testid="party-create-confirm"
            >
              {creating ? t('create.creating') : t('create.create')}
            </button>
          </div>
        </Modal>
      ) : null}
      {created ? (
        <Modal title={t('create.linkTitle')} onClose={close} testId="party-link-modal">
          <label htmlFor={linkId}>{t('share.link')}</label>
          <input
            id={linkId}
            className="party-share__input"
            readOnly
            value={partyLink(created)}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="party-link"
          />
          <div className="party-actions">
            {cancel}
            <button
              type="button"
              className="button"
              onClick={() => void navigate(partyPath(created))}
              data-testid="party-go-to-lobby"
            >
              {t('create.goToLobby')}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
