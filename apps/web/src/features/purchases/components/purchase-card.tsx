import type { Purchase } from '@marquee/contract';
import { canCancel, canChangeMethod, rentalHoursLeft } from '@marquee/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, money } from '../utils/format';

interface PurchaseCardProps {
  purchase: Purchase;
  kind: 'purchased' | 'gifted' | 'rentals' | 'donations';
  now: number;
  /** /purchases/{id}: the update-payment-method page. */
  updateMethodHref: (purchaseId: string) => string;
  onCancel?: (purchase: Purchase) => void;
  /** The Upgrade link, when the purchase may be upgraded. */
  upgrade?: ReactNode;
}

/** One purchase: name, status, price, its dates, and what may be done with it (§4 Purchases page). */
export function PurchaseCard({
  purchase: p,
  kind,
  now,
  updateMethodHref,
  onCancel,
  upgrade,
}: PurchaseCardProps) {
  const { t, i18n } = useTranslation('purchases');
  const date = (value: string | null) => formatDate(value, i18n.language);
  const hours = kind === 'rentals' ? rentalHoursLeft(p.availableTo, now) : null;
  const ending = p.cancelSubscriptionInProgress && p.status !== 'canceled';
  const price =
    p.isRecurring && p.planType === 'month'
      ? t('fields.perMonth', { amount: money(p.amountCents) })
      : p.isRecurring && p.planType === 'year'
        ? t('fields.perYear', { amount: money(p.amountCents) })
        : money(p.amountCents);

  const lines: string[] = [];
  if (kind === 'gifted') {
    if (p.giftRecipientEmail) lines.push(t('fields.giftTo', { email: p.giftRecipientEmail }));
    lines.push(
      p.giftRedeemedAt ? t('fields.giftRedeemed', { date: date(p.giftRedeemedAt) }) : t('fields.giftPending'),
    );
  }
  if (p.status === 'canceled' && p.canceledDate)
    lines.push(t('fields.canceledOn', { date: date(p.canceledDate) }));
  if (p.status === 'trialing' && p.trialEndsAt)
    lines.push(t('fields.trialEnds', { date: date(p.trialEndsAt) }));
  else if (p.isRecurring && p.status === 'active' && !ending && p.availableTo)
    lines.push(t('fields.renews', { date: date(p.availableTo) }));
  else if (p.availableTo && hours === null)
    lines.push(t('fields.availableTo', { date: date(p.availableTo) }));
  if (hours !== null) lines.push(t('fields.hoursLeft', { count: hours }));
  if (p.isRecurring && p.status !== 'canceled' && !ending && p.nextPaymentCents !== null)
    lines.push(t('fields.nextPayment', { amount: money(p.nextPaymentCents) }));
  lines.push(t('fields.purchasedOn', { date: date(p.createdAt) }));

  const showCancel = onCancel && kind !== 'gifted' && p.isRecurring && canCancel(p);
  return (
    <li className="purchase-card" data-testid="purchase-card" data-purchase-id={p.id} data-status={p.status}>
      <div className="purchase-card__head">
        <h3 className="purchase-card__name">{p.name}</h3>
        <span
          className={`purchase-card__status purchase-card__status--${p.status}`}
          data-testid="purchase-status"
        >
          {ending ? t('status.ending') : t(`status.${p.status}`)}
        </span>
      </div>
      <p className="purchase-card__price">{price}</p>
      <ul className="purchase-card__lines">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="purchase-card__actions">
        {upgrade}
        {kind !== 'gifted' && canChangeMethod(p) ? (
          <Link className="button button--ghost" to={updateMethodHref(p.id)}>
            {t('actions.changeMethod')}
          </Link>
        ) : null}
        {showCancel ? (
          <button type="button" className="button button--ghost" onClick={() => onCancel(p)}>
            {kind === 'donations' ? t('actions.cancelDonation') : t('actions.cancel')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
