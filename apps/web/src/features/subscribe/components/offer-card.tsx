import type { Bundle, Rental } from '@marquee/contract';
import { formatMoney, formatPreorderDate, parseDurationUnit } from '@marquee/domain';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The price line of a bundle or rental by its plan. */
export function usePriceLine() {
  const { t } = useTranslation('subscribe');
  return (offer: Bundle | Rental, rental: boolean) => {
    const price = formatMoney(offer.amountCents);
    if (rental)
      return t('offer.rental', {
        price,
        count: offer.duration ?? 0,
        unit: t(`units.${parseDurationUnit(offer.durationUnit) ?? 'hours'}`),
      });
    const b = offer as Bundle;
    switch (b.planType) {
      case 'month':
        return t('offer.month', { price });
      case 'year':
        return t('offer.year', { price });
      case 'period':
        return t('offer.period', {
          price,
          count: b.periodDuration ?? 1,
          unit: t(`units.${parseDurationUnit(b.durationUnit) ?? 'days'}`),
        });
      default:
        return t('offer.once', { price });
    }
  };
}

/** One offer of a subscribe or gift list: name, description, price, trial, pre-order date, action. */
export function OfferCard({
  offer,
  rental = false,
  href,
  action,
  owned = false,
  onChoose,
}: {
  offer: Bundle | Rental;
  rental?: boolean;
  /** Where the action goes (a link); or `onChoose` for a button. */
  href?: string;
  action: string;
  owned?: boolean;
  onChoose?: () => void;
}) {
  const { t, i18n } = useTranslation('subscribe');
  const priceLine = usePriceLine();
  const b = rental ? null : (offer as Bundle);
  return (
    <li className="offer-card" data-testid={`offer-${offer.id}`}>
      <h3 className="offer-card__name">{offer.name}</h3>
      {offer.description ? <p className="offer-card__description">{offer.description}</p> : null}
      <p className="offer-card__price">
        {priceLine(offer, rental)}
        {b?.originalAmountCents && b.originalAmountCents > b.amountCents ? (
          <>
            {' '}
            <s className="offer-card__muted">
              {t('offer.was', { price: formatMoney(b.originalAmountCents) })}
            </s>
          </>
        ) : null}
      </p>
      {offer.discount ? (
        <p className="offer-card__muted">
          {t('offer.discounted', {
            price: formatMoney(offer.discount.discountedPriceCents),
            code: offer.discount.couponCode,
          })}
        </p>
      ) : null}
      {b?.recurring && b.trialPeriod && b.trialDuration > 0 ? (
        <p className="offer-card__muted">{t('offer.trial', { count: b.trialDuration })}</p>
      ) : null}
      {b?.preorderDate ? (
        <p className="offer-card__muted">
          {t('offer.preorder', { date: formatPreorderDate(b.preorderDate, i18n.language) })}
        </p>
      ) : null}
      {owned ? (
        <p className="offer-card__owned">{t('offer.owned')}</p>
      ) : href ? (
        <Link className="button" to={href} data-testid={`offer-action-${offer.id}`}>
          {action}
        </Link>
      ) : (
        <button type="button" className="button" onClick={onChoose} data-testid={`offer-action-${offer.id}`}>
          {action}
        </button>
      )}
    </li>
  );
}
