import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSuspendedPurchases } from '../api/use-suspended-purchases';
import { Modal } from '../../../components/modal';
import './purchases.css';

const SHOWN_KEY = 'marquee.suspendedAlertShown';

/** Was the alert already shown to this user in this browser session (once per login session)? */
function alreadyShown(userId: string): boolean {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === userId;
  } catch {
    return false;
  }
}
function markShown(userId: string | null) {
  try {
    if (userId) sessionStorage.setItem(SHOWN_KEY, userId);
    else sessionStorage.removeItem(SHOWN_KEY);
  } catch {
    // Storage denied (a cross-site embed): the alert may show again on reload.
  }
}

interface SuspendedPurchaseAlertProps {
  userId: string | null;
  /** True once the session knows the visitor is signed out (not while it is still loading). */
  anonymous: boolean;
  /** /purchases */
  purchasesHref: string;
  /** /purchases/{id}: the update-payment-method page. */
  updateMethodHref: (purchaseId: string) => string;
}

/**
 * §4 "A suspended purchase triggers an alert after login": the suspended-purchase alert (button My
 * Subscriptions → /purchases) with the renewal failure message of §8 and a way to update the
 * payment information. Shown once per login session.
 */
export function SuspendedPurchaseAlert({
  userId,
  anonymous,
  purchasesHref,
  updateMethodHref,
}: SuspendedPurchaseAlertProps) {
  const { t } = useTranslation('purchases');
  const navigate = useNavigate();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const shownBefore = userId !== null && alreadyShown(userId);
  const suspended = useSuspendedPurchases(userId !== null && !shownBefore ? userId : null);
  // Signing out forgets the mark, so the next login shows the alert again.
  useEffect(() => {
    if (anonymous) markShown(null);
  }, [anonymous]);

  const items = suspended.data ?? [];
  const first = items[0];
  if (!userId || shownBefore || dismissedFor === userId || !first) return null;
  const close = (to?: string) => {
    markShown(userId);
    setDismissedFor(userId);
    if (to) void navigate(to);
  };
  return (
    <Modal title={t('alert.title')} onClose={() => close()} testId="suspended-alert">
      <p className="purchases-modal__warning">{t('alert.body')}</p>
      <ul className="purchases-modal__names">
        {items.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
      <div className="purchases-modal__actions">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => close(updateMethodHref(first.id))}
        >
          {t('alert.update')}
        </button>
        <button type="button" className="button" onClick={() => close(purchasesHref)}>
          {t('alert.mySubscriptions')}
        </button>
      </div>
    </Modal>
  );
}
