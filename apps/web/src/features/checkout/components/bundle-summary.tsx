import { channelsQueryOptions, type TaxQuote } from '@marquee/api-client';
import type { Bundle, GiftData } from '@marquee/contract';
import { formatMoney, formatPreorderDate, parseDurationUnit } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import {
  bundleDescription,
  dueTodayCents,
  firstCycleCents,
  hasTrial,
  includedChannelIds,
  isFreeBundle,
} from '../utils/checkout-rules';

/**
 * The bundle summary of the checkout panel: name, description, the channels included (unless hidden),
 * price by plan, trial, coupon, pre-order date, totals.
 */
export function BundleSummary({
  bundle,
  gift,
  prorationCents = 0,
  quote,
  showTotals,
}: {
  bundle: Bundle;
  gift?: GiftData;
  prorationCents?: number;
  quote: TaxQuote | null;
  showTotals: boolean;
}) {
  const { t, i18n } = useTranslation('checkout');
  // The channels a CHANNELS bundle includes, by name (none when it hides them; decision 0068).
  const included = includedChannelIds(bundle);
  const channels = useQuery({
    ...channelsQueryOptions(api, { page: 0, pageSize: 100 }),
    enabled: included.length > 0,
  });
  const channelNames = included.map(
    (id) => channels.data?.items.find((c) => c.channelId === id || c.id === id)?.name ?? id,
  );
  const description = bundleDescription(bundle);
  const price = formatMoney(bundle.amountCents);
  const free = isFreeBundle(bundle);
  const plan = (() => {
    if (bundle.amountCents === 0) return t('summary.free');
    switch (bundle.planType) {
      case 'month':
        return t('summary.everyMonth', { price });
      case 'year':
        return t('summary.everyYear', { price });
      case 'period':
        return t('summary.everyPeriod', {
          price,
          count: bundle.periodDuration ?? 1,
          unit: t(`units.${parseDurationUnit(bundle.durationUnit) ?? 'days'}`),
        });
      case 'rental':
        return `${t('summary.rentalFor', {
          count: bundle.duration ?? 0,
          unit: t(`units.${parseDurationUnit(bundle.durationUnit) ?? 'hours'}`),
        })} · ${price}`;
      default:
        return t('summary.once', { price });
    }
  })();
  const trial = hasTrial(bundle);
  const d = bundle.discount;
  const today = dueTodayCents(bundle, prorationCents);
  const tax = quote?.taxesAmountCents ?? 0;

  return (
    <section
      className="checkout-summary"
      aria-labelledby="checkout-summary-title"
      data-testid="bundle-summary"
    >
      <h2 id="checkout-summary-title">{bundle.name}</h2>
      {description ? <p className="checkout-muted">{description}</p> : null}
      {channelNames.length ? (
        <p data-testid="bundle-channels">{t('summary.includes', { channels: channelNames.join(', ') })}</p>
      ) : null}
      <p data-testid="bundle-price">
        {plan}
        {bundle.originalAmountCents && bundle.originalAmountCents > bundle.amountCents ? (
          <>
            {' '}
            <s className="checkout-muted">
              {t('summary.originalPrice', { price: formatMoney(bundle.originalAmountCents) })}
            </s>
          </>
        ) : null}
      </p>
      {trial ? <p>{t('summary.trial', { count: bundle.trialDuration })}</p> : null}
      {d ? (
        <p data-testid="bundle-discount">
          {t('summary.discount', { code: d.couponCode })}:{' '}
          {bundle.recurring && d.discountedBillingCycles === 'FIRST'
            ? t('summary.firstCycleOnly', {
                price: formatMoney(d.discountedPriceCents),
                later: formatMoney(bundle.amountCents),
              })
            : t('summary.allCycles', { price: formatMoney(d.discountedPriceCents) })}
        </p>
      ) : null}
      {bundle.preorderDate ? (
        <p data-testid="bundle-preorder">
          {t('summary.preorder', { date: formatPreorderDate(bundle.preorderDate, i18n.language) })}
        </p>
      ) : null}
      {gift ? <p>{t('summary.gift', { name: gift.name, email: gift.email })}</p> : null}
      {showTotals || prorationCents > 0 ? (
        <dl>
          <dt>{t('summary.subtotal')}</dt>
          <dd>{formatMoney(free ? 0 : firstCycleCents(bundle))}</dd>
          {prorationCents > 0 ? (
            <>
              <dt>
                {t('summary.proration')}
                <br />
                <span className="checkout-muted">{t('summary.prorationHint')}</span>
              </dt>
              <dd>{formatMoney(-prorationCents)}</dd>
            </>
          ) : null}
          {tax > 0 ? (
            <>
              <dt>{t('summary.taxes')}</dt>
              <dd>{formatMoney(tax)}</dd>
            </>
          ) : null}
          <dt className="checkout-total">{t('summary.total')}</dt>
          <dd className="checkout-total" data-testid="checkout-total">
            {formatMoney(free ? 0 : today + (today > 0 ? tax : 0))}
          </dd>
        </dl>
      ) : null}
      {trial && !free ? (
        <p className="checkout-muted">{t('summary.trialNow', { count: bundle.trialDuration })}</p>
      ) : null}
    </section>
  );
}
