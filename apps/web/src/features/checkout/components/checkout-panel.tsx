import {
  ApiError,
  buyGift,
  isApproval,
  newIdempotencyKey,
  subscribe,
  type CheckoutAnswer,
} from '@marquee/api-client';
import type { Bundle, CheckoutResult, GiftData, Order } from '@marquee/contract';
import { autoContinuesAfterPurchase, COMMERCE_LIMITS, COMMERCE_MESSAGES } from '@marquee/domain';
import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormMessage } from '../../../components/form-fields';
import { StatusMessage } from '../../../components/status-message';
import { api } from '../../../lib/api';
import { reportCheckoutSuccess } from '../../../lib/purchase-analytics';
import {
  useApplyCoupon,
  useBundle,
  useCountryCodes,
  useGateways,
  useInvalidateAfterPurchase,
  usePaymentMethods,
  useTaxes,
} from '../api/use-commerce';
import { useCommerceMessage } from '../hooks/use-commerce-message';
import { isFreeBundle, isUnavailable, needsDisclaimer } from '../utils/checkout-rules';
import { buildOrder, paypalGatewayFor } from '../utils/build-order';
import { checkoutReducer, initialCheckoutState, validateCheckout } from '../utils/checkout-state';
import { effectivePayment } from '../utils/payment';
import { addressData } from './address-form';
import { BundleSummary } from './bundle-summary';
import { CheckoutSuccess } from './checkout-success';
import { useDroppedCart } from '../hooks/use-dropped-cart';
import { useCardCaptcha } from './checkout-captcha';
import { CouponBox } from './coupon-box';
import { PaymentSection } from './payment-section';
import { ShippingSection } from './shipping-section';
import './checkout.css';

export interface CheckoutPanelProps {
  bundleId: string;
  /** A coupon from the URL (?couponCode): prefilled and applied on load. */
  couponCode?: string | null;
  /** purchase (subscribe), gift (POST /api/payment/gift with giftData) or upgrade. */
  kind?: 'purchase' | 'gift' | 'upgrade';
  giftData?: GiftData;
  /** The title a rental or a purchase is for (purchaseVideo; a rental unlocks that title only). */
  videoUid?: string | null;
  channel?: string | null;
  platform?: string;
  /** Upgrade variant: the purchase being upgraded and its credited unused time. */
  upgradesPurchase?: string | null;
  prorationCents?: number;
  /** Called 3000 ms after the success message (or at once with "Continue"), with the bundle bought. */
  onDone: (result: CheckoutResult, bundle: Bundle) => void;
  /** "A checkout load failure returns to subscribe." */
  onLoadError?: () => void;
  /** Replaces the checkout call (the purchases screens' upgrade endpoint). Same key rule. */
  submit?: (order: Order, idempotencyKey: string) => Promise<CheckoutAnswer>;
}

/**
 * The checkout panel (§2 Checkout panel, §4 Checkout): bundle summary, coupon box, the disclaimer
 * that gates the payment area for non-free recurring bundles, the payment method (saved card, new
 * card, PayPal when the server runs it), billing (and shipping) address, then Continue to the confirm
 * block with taxes; Confirm pays; success shows its message and continues after 3000 ms. A free
 * bundle confirms directly. Going back restores the payment selection and resets taxes.
 */
export function CheckoutPanel(props: CheckoutPanelProps) {
  const { t } = useTranslation('checkout');
  const bundle = useBundle(props.bundleId);
  const { onLoadError } = props;
  const notFound = bundle.error instanceof ApiError && bundle.error.status === 404;
  const loadFailed = bundle.isError && !notFound;
  useEffect(() => {
    if (loadFailed) onLoadError?.();
  }, [loadFailed, onLoadError]);

  if (bundle.isPending) {
    return (
      <p className="checkout-muted" role="status" data-testid="checkout-loading">
        {t('loading')}
      </p>
    );
  }
  if (notFound || (bundle.data && isUnavailable(bundle.data))) {
    return (
      <StatusMessage kind="error" title={t('messages.unavailableBundle')} testId="checkout-unavailable" />
    );
  }
  if (bundle.isError || !bundle.data) {
    return <StatusMessage kind="error" title={t('loadError')} onRetry={() => void bundle.refetch()} />;
  }
  return <CheckoutForm {...props} initialBundle={bundle.data} />;
}

function CheckoutForm({
  initialBundle,
  bundleId,
  couponCode: urlCoupon,
  kind = 'purchase',
  giftData,
  videoUid,
  channel,
  platform = 'web',
  upgradesPurchase,
  prorationCents = 0,
  onDone,
  submit,
}: CheckoutPanelProps & { initialBundle: Bundle }) {
  const { t } = useTranslation('checkout');
  const { text, error: errorText } = useCommerceMessage();
  const gateways = useGateways();
  const methods = usePaymentMethods(gateways.cardGateway);
  const countries = useCountryCodes();
  const captcha = useCardCaptcha();
  const applyCoupon = useApplyCoupon(bundleId);
  const taxes = useTaxes(bundleId);
  const invalidate = useInvalidateAfterPurchase();
  const [state, dispatch] = useReducer(checkoutReducer, initialBundle, (b) =>
    initialCheckoutState(b, urlCoupon),
  );
  /** One key per checkout attempt; kept when a retry may follow (network, 5xx). */
  const attemptKey = useRef<string | null>(null);

  const { bundle, step, paying, result, payment } = state;
  const free = isFreeBundle(bundle);
  const gift = kind === 'gift';
  const upgrade = kind === 'upgrade';
  const disclaimerNeeded = needsDisclaimer(bundle) && !gift;
  const paymentLocked = disclaimerNeeded && !state.disclaimer;
  const alreadyHas = bundle.activeForUser && !gift && !upgrade;
  const saved = methods.data ?? [];
  const paypalGateway = paypalGatewayFor(bundle, gateways);
  const method = effectivePayment(payment, saved).method;
  useDroppedCart({ bundleId, bundleName: bundle.name, kind, alreadyHas, succeeded: step === 'success' });

  // A coupon from the URL is applied once, as if typed and applied.
  const autoApplied = useRef(false);
  useEffect(() => {
    if (autoApplied.current || !urlCoupon) return;
    autoApplied.current = true;
    void onApplyCoupon(urlCoupon);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the URL coupon is applied once (comment above)
  }, [urlCoupon]);

  // Success: "auto-continue after 3 s", unless the bundle's own text is there to be read.
  const autoContinue = autoContinuesAfterPurchase(bundle);
  useEffect(() => {
    if (step !== 'success' || !result || !autoContinue) return;
    const timer = setTimeout(() => onDone(result, bundle), COMMERCE_LIMITS.checkoutSuccessRedirectMs);
    return () => clearTimeout(timer);
  }, [step, result, onDone, autoContinue, bundle]);

  async function onApplyCoupon(code: string) {
    const trimmed = code.trim();
    if (!trimmed) return;
    dispatch({ type: 'couponPending' });
    try {
      const res = await applyCoupon.mutateAsync(trimmed);
      const message = text(res.message || COMMERCE_MESSAGES.promoApplied);
      dispatch({ type: 'couponApplied', bundle: res.bundle, code: trimmed, text: message });
    } catch (err) {
      dispatch({ type: 'couponFailed', bundle: initialBundle, text: errorText(err) });
    }
  }

  async function onContinue(e: FormEvent) {
    e.preventDefault();
    const { message, errors } = validateCheckout(state, {
      saved,
      disclaimerNeeded,
      captchaRequired: captcha.required,
      captchaMessage: t('messages.captchaRequired'),
    });
    dispatch({ type: 'validated', errors, formError: message ? text(message) : null });
    if (message) return;
    if (free) {
      await pay();
      return;
    }
    dispatch({ type: 'confirm' });
    if (method !== 'paypal') {
      taxes.mutate(
        {
          address: addressData(payment.billing, countries.data),
          ...(state.appliedCoupon ? { couponCode: state.appliedCoupon } : {}),
          ...(prorationCents ? { prorationDiscount: prorationCents } : {}),
        },
        { onSuccess: (quote) => dispatch({ type: 'quote', quote }) },
      );
    }
  }

  function onBack() {
    dispatch({ type: 'back' });
    taxes.reset();
    attemptKey.current = null;
  }

  async function pay() {
    const order = buildOrder({
      bundle,
      kind,
      giftData,
      videoUid,
      channel,
      platform,
      upgradesPurchase,
      appliedCoupon: state.appliedCoupon,
      disclaimerNeeded,
      disclaimer: state.disclaimer,
      payment,
      saved,
      shipping: state.shipping,
      cardGateway: gateways.cardGateway,
      paypalGateway,
      countries: countries.data,
      domain: window.location.host,
    });
    attemptKey.current ??= newIdempotencyKey();
    dispatch({ type: 'pay' });
    try {
      const call =
        submit ??
        (gift ? (o: Order, k: string) => buyGift(api, o, k) : (o: Order, k: string) => subscribe(api, o, k));
      const answer = await call(order, attemptKey.current);
      attemptKey.current = null;
      if (isApproval(answer)) {
        const href = answer.approvalLink?.href;
        if (!href) throw new Error(COMMERCE_MESSAGES.walletNoApprovalLink);
        window.location.assign(href);
        dispatch({ type: 'redirecting' });
        return;
      }
      invalidate();
      // §4 purchase-success analytics (currency USD): the subscribe, rental, gift and upgrade checkouts.
      reportCheckoutSuccess(answer);
      dispatch({ type: 'paid', result: answer });
    } catch (err) {
      // A definite refusal ends this attempt; a lost answer (network, 5xx) is retried with its key.
      const refused = err instanceof ApiError && err.isClientError;
      if (refused) attemptKey.current = null;
      const message =
        err instanceof ApiError
          ? errorText(err)
          : err instanceof Error && err.message === COMMERCE_MESSAGES.walletNoApprovalLink
            ? text(err.message)
            : text(COMMERCE_MESSAGES.paymentFailure);
      dispatch({ type: 'payFailed', message, refused });
    }
  }

  if (step === 'success' && result) {
    return (
      <CheckoutSuccess
        kind={kind}
        giftEmail={giftData?.email}
        purchasedText={bundle.purchasedText}
        autoContinue={autoContinue}
        result={result}
        onDone={(r) => onDone(r, bundle)}
      />
    );
  }

  const confirmLabel = upgrade ? t('confirmUpgrade') : gift ? t('confirmGift') : t('confirmPurchase');

  return (
    <form className="checkout-panel" onSubmit={onContinue} noValidate data-testid="checkout-panel">
      <BundleSummary
        bundle={bundle}
        gift={gift ? giftData : undefined}
        prorationCents={prorationCents}
        quote={step === 'confirm' ? state.quote : null}
        showTotals={step === 'confirm' || free}
      />
      {alreadyHas ? (
        <FormMessage kind="info" testId="checkout-has-access">
          {t('messages.alreadyHaveAccess')}
        </FormMessage>
      ) : null}

      {step === 'payment' ? (
        <>
          <CouponBox
            value={state.couponInput}
            onValue={(value) => dispatch({ type: 'couponInput', value })}
            applied={state.appliedCoupon}
            pending={applyCoupon.isPending}
            result={state.couponResult}
            onApply={(code) => void onApplyCoupon(code)}
          />

          {disclaimerNeeded ? (
            <div className="checkout-disclaimer">
              <p>{t('disclaimer')}</p>
              <label className="checkout-check">
                <input
                  type="checkbox"
                  name="disclaimer"
                  checked={state.disclaimer}
                  onChange={(e) => dispatch({ type: 'disclaimer', accepted: e.target.checked })}
                  data-testid="checkout-disclaimer"
                />
                {t('disclaimerLabel')}
              </label>
            </div>
          ) : null}

          {!free ? (
            <fieldset disabled={paymentLocked} data-testid="payment-area" aria-describedby="payment-lock">
              <legend>{t('payment.heading')}</legend>
              {paymentLocked ? (
                <p id="payment-lock" className="checkout-muted">
                  {t('payment.locked')}
                </p>
              ) : null}
              <PaymentSection
                value={payment}
                onChange={(patch) => dispatch({ type: 'payment', patch })}
                errors={state.errors}
                submitted={state.submitted}
                saved={saved}
                paypal={!!paypalGateway}
                billingName="billing"
                captchaUrl={captcha.challengeUrl}
                captchaReset={state.captchaReset}
              />
            </fieldset>
          ) : null}

          {bundle.requiresShippingAddress ? (
            <ShippingSection
              value={state.shipping}
              onChange={(patch) => dispatch({ type: 'shipping', patch })}
              errors={state.errors.shipping}
              disabled={paymentLocked}
              offerSameAsBilling={!free}
            />
          ) : null}

          <FormError message={state.formError} testId="checkout-error" />
          <div className="checkout-actions">
            <button
              type="submit"
              className="button"
              disabled={paying || paymentLocked || alreadyHas}
              aria-busy={paying || undefined}
              data-testid={free ? 'checkout-confirm' : 'checkout-continue'}
            >
              {free ? (paying ? t('paying') : t('confirm')) : t('continue')}
            </button>
          </div>
        </>
      ) : (
        <>
          {taxes.isPending ? (
            <p className="checkout-muted" role="status">
              {t('calculating')}
            </p>
          ) : taxes.isError ? (
            <p className="checkout-muted">{t('taxesFailed')}</p>
          ) : null}
          <FormError message={state.formError} testId="checkout-error" />
          <div className="checkout-actions">
            <button type="button" className="button button--ghost" onClick={onBack} disabled={paying}>
              {t('back')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void pay()}
              disabled={paying || taxes.isPending}
              aria-busy={paying || undefined}
              data-testid="checkout-confirm"
            >
              {paying ? t('paying') : confirmLabel}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
