import type { Bundle, Rental } from '@marquee/contract';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { useBundles, useCouponOffers, useRentals, useViewerPurchases } from '../api/use-offers';
import {
  isIgnoredCouponError,
  offerSections,
  upgradeSources,
  withCouponDiscounts,
  type OfferHints,
} from '../utils/offers';
import { OfferCard } from './offer-card';
import './subscribe.css';

export interface SubscribeListProps {
  /** Offers that unlock one title (the play-url hints); null lists everything. */
  hints: OfferHints | null;
  /** "Rentals are labelled Tickets on two specific sites" (site flag rentalsAsTickets). */
  ticketsLabel?: boolean;
  /**
   * The checkout of one offer (with the subscribe parameters carried); an Upgrade To offer gets the
   * id of the viewer's purchase it upgrades (when one is found).
   */
  checkoutHref: (
    offer: Bundle | Rental,
    kind: 'buy' | 'rent' | 'upgrade',
    upgradesPurchase?: string,
  ) => string;
  title?: string;
  /** ?couponCode: the offers are priced with it where it applies (§5 coupon rules). */
  couponCode?: string | null;
}

/**
 * /subscribe (§2): bundles, rentals and products in Buy, Rent (or Tickets) and Upgrade To sections;
 * limited to the offers that unlock a title when the viewer came from one.
 */
export function SubscribeList({
  hints,
  ticketsLabel = false,
  checkoutHref,
  title,
  couponCode,
}: SubscribeListProps) {
  const { t } = useTranslation('subscribe');
  const bundles = useBundles();
  const rentals = useRentals();
  const coupon = useCouponOffers(couponCode);
  // Upgrade To links lead to the upgrade of the purchase they upgrade: only a viewer holding a
  // bundle has one.
  const purchases = useViewerPurchases(!!bundles.data?.some((b) => b.activeForUser));
  if (bundles.isPending || rentals.isPending) {
    return (
      <p className="offer-card__muted" role="status">
        {t('loading')}
      </p>
    );
  }
  if (bundles.isError || rentals.isError) {
    return (
      <StatusMessage
        kind="error"
        title={t('loadError')}
        onRetry={() => {
          void bundles.refetch();
          void rentals.refetch();
        }}
      >
        {errorMessage(bundles.error ?? rentals.error)}
      </StatusMessage>
    );
  }
  // A coupon refused for one type leaves that type at full price ("ignored for the type
  // concerned"); any other refusal (unknown, expired) is shown.
  const refusal = (error: unknown, type: 'Bundle' | 'Rental') =>
    error && !isIgnoredCouponError(errorMessage(error), type) ? errorMessage(error) : null;
  const couponError = refusal(coupon.bundles.error, 'Bundle') ?? refusal(coupon.rentals.error, 'Rental');
  const s = offerSections(
    withCouponDiscounts(bundles.data, coupon.bundles.data),
    coupon.rentals.data ?? rentals.data,
    hints,
  );
  const sources = upgradeSources(bundles.data, purchases.data ?? []);
  const empty = !s.buy.length && !s.rent.length && !s.products.length && !s.upgrade.length;
  return (
    <div className="subscribe" data-testid="subscribe-list">
      <h1>{title ?? t('title')}</h1>
      {couponError ? (
        <p className="field__error" role="alert" data-testid="coupon-error">
          {couponError}
        </p>
      ) : null}
      {empty ? <StatusMessage kind="empty" title={hints ? t('emptyFor') : t('empty')} /> : null}
      {s.buy.length ? (
        <section aria-labelledby="offers-buy">
          <h2 id="offers-buy">{t('sections.buy')}</h2>
          <ul className="offer-list">
            {s.buy.map((b) => (
              <OfferCard
                key={b.id}
                offer={b}
                owned={b.activeForUser}
                href={checkoutHref(b, 'buy')}
                action={b.recurring ? t('offer.subscribe') : t('offer.buy')}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {s.rent.length ? (
        <section aria-labelledby="offers-rent">
          <h2 id="offers-rent">{ticketsLabel ? t('sections.tickets') : t('sections.rent')}</h2>
          <ul className="offer-list">
            {s.rent.map((r) => (
              <OfferCard
                key={r.id}
                offer={r}
                rental
                href={checkoutHref(r, 'rent')}
                action={ticketsLabel ? t('offer.ticket') : t('offer.rent')}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {s.products.length ? (
        <section aria-labelledby="offers-products">
          <h2 id="offers-products">{t('sections.products')}</h2>
          <ul className="offer-list">
            {s.products.map((b) => (
              <OfferCard
                key={b.id}
                offer={b}
                owned={b.activeForUser}
                href={checkoutHref(b, 'buy')}
                action={t('offer.buy')}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {s.upgrade.length ? (
        <section aria-labelledby="offers-upgrade">
          <h2 id="offers-upgrade">{t('sections.upgrade')}</h2>
          <ul className="offer-list">
            {s.upgrade.map((b) => (
              <OfferCard
                key={b.id}
                offer={b}
                href={checkoutHref(b, 'upgrade', sources.get(b.id))}
                action={t('offer.upgrade')}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
