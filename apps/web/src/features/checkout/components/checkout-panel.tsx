import {
  ApiError,
  buyGift,
  isApproval,
  newIdempotencyKey,
  subscribe,
  type CheckoutAnswer,
  type TaxQuote,
} from '@marquee/api-client';
import type { Bundle, CheckoutResult, GiftData, Order } from '@marquee/contract';
import {
  autoContinuesAfterPurchase,
  COMMERCE_LIMITS,
  COMMERCE_MESSAGES,
  isRentalType,
  validateShipping,
} from '@marquee/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormMessage, TextField } from '../../../components/form-fields';
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
import {
  AddressForm,
  addressData,
  emptyAddress,
  validateAddressValue,
  type AddressErrors,
} from './address-form';
import { PaymentMethodChoice, type PaymentChoice } from './payment-method-choice';
import { CardForm, cardData, emptyCard, validateCardValue, type CardFormErrors } from './card-form';
import { CheckoutCaptcha, useCardCaptcha } from './checkout-captcha';
import { BundleSummary } from './bundle-summary';
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
  /** Called 3000 ms after the success message (or at once with "Continue"). */
  onDone: (result: CheckoutResult) => void;
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

  const [bundle, setBundle] = useState<Bundle>(initialBundle);
  const [couponInput, setCouponInput] = useState(urlCoupon ?? '');
  const [appliedCoupon, setAppliedCoupon] = useState<string | null>(null);
  const [couponResult, setCouponResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [disclaimer, setDisclaimer] = useState(false);
  const [method, setMethod] = useState<PaymentChoice | null>(null);
  const [cardId, setCardId] = useState<string | null>(null);
  const [card, setCard] = useState(emptyCard);
  const [billing, setBilling] = useState(emptyAddress);
  const [shipping, setShipping] = useState(emptyAddress);
  const [shippingName, setShippingName] = useState('');
  const [sameAsBilling, setSameAsBilling] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [cardErrors, setCardErrors] = useState<CardFormErrors>({});
  const [billingErrors, setBillingErrors] = useState<AddressErrors>({});
  const [shippingErrors, setShippingErrors] = useState<AddressErrors & { shippingFullName?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [step, setStep] = useState<'payment' | 'confirm' | 'success'>('payment');
  const [quote, setQuote] = useState<TaxQuote | null>(null);
  const [paying, setPaying] = useState(false);
  const [result, setResult] = useState<CheckoutResult | null>(null);
  /** One key per checkout attempt; kept when a retry may follow (network, 5xx). */
  const attemptKey = useRef<string | null>(null);

  const free = isFreeBundle(bundle);
  const rental = isRentalType(bundle.type);
  const gift = kind === 'gift';
  const upgrade = kind === 'upgrade';
  const disclaimerNeeded = needsDisclaimer(bundle) && !gift;
  const paymentLocked = disclaimerNeeded && !disclaimer;
  const alreadyHas = bundle.activeForUser && !gift && !upgrade;
  const saved = methods.data ?? [];
  const paypalGateway = bundle.recurring
    ? gateways.hasPaypalSub
      ? 'paypal-sub'
      : null
    : gateways.hasPaypal
      ? 'paypal'
      : null;

  // The default choice: the default saved card when there is one, else a new card.
  const effectiveMethod: PaymentChoice = method ?? (saved.length > 0 ? 'existingCard' : 'newCard');
  const effectiveCardId = cardId ?? saved.find((m) => m.isDefault)?.id ?? saved[0]?.id ?? null;

  // A coupon from the URL is applied once, as if typed and applied.
  const autoApplied = useRef(false);
  useEffect(() => {
    if (autoApplied.current || !urlCoupon) return;
    autoApplied.current = true;
    void onApplyCoupon(urlCoupon);
  }, [urlCoupon]);

  // Success: "auto-continue after 3 s", unless the bundle's own text is there to be read.
  const autoContinue = autoContinuesAfterPurchase(bundle);
  useEffect(() => {
    if (step !== 'success' || !result || !autoContinue) return;
    const timer = setTimeout(() => onDone(result), COMMERCE_LIMITS.checkoutSuccessRedirectMs);
    return () => clearTimeout(timer);
  }, [step, result, onDone, autoContinue]);

  async function onApplyCoupon(code: string) {
    const trimmed = code.trim();
    if (!trimmed) return;
    setCouponResult(null);
    try {
      const res = await applyCoupon.mutateAsync(trimmed);
      setBundle(res.bundle);
      setAppliedCoupon(trimmed);
      setCouponResult({ ok: true, text: text(res.message || COMMERCE_MESSAGES.promoApplied) });
    } catch (err) {
      setBundle(initialBundle);
      setAppliedCoupon(null);
      setCouponResult({ ok: false, text: errorText(err) });
    }
  }

  const couponDisabled =
    couponInput.trim() === '' || couponInput.trim() === appliedCoupon || applyCoupon.isPending;

  /** Validates the payment step; returns the first message, or null when it may continue. */
  function validate(): string | null {
    setSubmitted(true);
    let message: string | null = null;
    const usesCard = !free && effectiveMethod !== 'paypal';
    if (disclaimerNeeded && !disclaimer) message = COMMERCE_MESSAGES.requiredInformation;
    let ce: CardFormErrors = {};
    let be: AddressErrors = {};
    if (usesCard) {
      be = validateAddressValue(billing);
      if (effectiveMethod === 'newCard') ce = validateCardValue(card, billing.zip);
      else if (!effectiveCardId) message ??= COMMERCE_MESSAGES.requiredInformation;
      if (Object.keys(be).length) message ??= COMMERCE_MESSAGES.addressMandatory;
      if (ce.form) message ??= ce.form;
      if (effectiveMethod === 'newCard' && captcha.required && !token && !message)
        message = t('messages.captchaRequired');
    }
    setCardErrors(ce);
    setBillingErrors(be);
    let se: Record<string, string> = {};
    if (bundle.requiresShippingAddress) {
      se = validateShipping(
        { shippingFullName: shippingName, sameAsBilling, address: shipping },
        usesCard ? billing : null,
      );
      if (se.sameAsBilling) message ??= se.sameAsBilling;
      else if (Object.keys(se).length) message ??= COMMERCE_MESSAGES.requiredInformation;
    }
    setShippingErrors(se);
    return message;
  }

  function buildOrder(): Order {
    const usesCard = !free && effectiveMethod !== 'paypal';
    const country = countries.data;
    const order: Order = {
      gateway: free
        ? 'free'
        : effectiveMethod === 'paypal'
          ? (paypalGateway ?? 'paypal')
          : ((gateways.cardGateway ?? 'test') as Order['gateway']),
      resourceId: bundle.id,
      type: rental ? 'Rental' : 'Bundle',
      planType: bundle.planType,
      platform,
      domain: window.location.host,
      ...(appliedCoupon ? { couponCode: appliedCoupon } : {}),
      ...(videoUid ? { videoUid } : {}),
      ...(disclaimerNeeded ? { disclaimerAccepted: disclaimer } : {}),
      ...(gift && giftData ? { isGift: true, giftData } : {}),
      ...(upgrade && upgradesPurchase ? { isUpgrade: true, upgradesPurchase } : {}),
    };
    if (usesCard) {
      order.gatewayMethod = effectiveMethod as 'existingCard' | 'newCard';
      order.billingAddress = addressData(billing, country);
      order.gatewayData =
        effectiveMethod === 'existingCard'
          ? { paymentMethod: effectiveCardId ?? undefined, ...(channel ? { channel } : {}) }
          : { card: cardData(card, billing), ...(channel ? { channel } : {}) };
      if (effectiveMethod === 'newCard' && token) order.recaptchaToken = token;
    }
    if (bundle.requiresShippingAddress) {
      order.shippingFullName = shippingName.trim();
      order.shippingAddress = sameAsBilling
        ? { ...addressData(billing, country), sameAsBilling: true }
        : addressData(shipping, country);
    }
    return order;
  }

  async function onContinue(e: FormEvent) {
    e.preventDefault();
    const message = validate();
    setFormError(message ? text(message) : null);
    if (message) return;
    if (free) {
      await pay();
      return;
    }
    setQuote(null);
    setStep('confirm');
    if (effectiveMethod !== 'paypal') {
      taxes.mutate(
        {
          address: addressData(billing, countries.data),
          ...(appliedCoupon ? { couponCode: appliedCoupon } : {}),
          ...(prorationCents ? { prorationDiscount: prorationCents } : {}),
        },
        { onSuccess: setQuote },
      );
    }
  }

  function onBack() {
    // "Going back restores payment selection and resets taxes."
    setStep('payment');
    setQuote(null);
    taxes.reset();
    setFormError(null);
    attemptKey.current = null;
  }

  async function pay() {
    const order = buildOrder();
    attemptKey.current ??= newIdempotencyKey();
    setPaying(true);
    setFormError(null);
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
        return;
      }
      invalidate();
      // §4 purchase-success analytics (currency USD): the subscribe, rental, gift and upgrade checkouts.
      reportCheckoutSuccess(answer);
      setResult(answer);
      setStep('success');
    } catch (err) {
      // A definite refusal ends this attempt; a lost answer (network, 5xx) is retried with its key.
      if (err instanceof ApiError && err.isClientError) attemptKey.current = null;
      if (err instanceof ApiError && err.isClientError && token) {
        setToken(null);
        setCaptchaReset((n) => n + 1);
      }
      const message =
        err instanceof ApiError
          ? errorText(err)
          : err instanceof Error && err.message === COMMERCE_MESSAGES.walletNoApprovalLink
            ? text(err.message)
            : text(COMMERCE_MESSAGES.paymentFailure);
      setFormError(message);
      // A refusal (a decline, a card error) is fixed on the payment step, where the message shows.
      if (err instanceof ApiError && err.isClientError) setStep('payment');
    } finally {
      setPaying(false);
    }
  }

  if (step === 'success' && result) {
    return (
      <div className="checkout-panel" data-testid="checkout-success">
        <FormMessage kind="success" testId="checkout-success-message">
          <p>
            {gift
              ? t('success.gift', { email: giftData?.email ?? '' })
              : upgrade
                ? t('success.upgrade')
                : t('success.purchase')}
          </p>
          {bundle.purchasedText ? <p>{bundle.purchasedText}</p> : null}
          {autoContinue ? <p className="checkout-muted">{t('success.continuing')}</p> : null}
        </FormMessage>
        <div className="checkout-actions">
          <button type="button" className="button" onClick={() => onDone(result)} autoFocus>
            {t('success.continueNow')}
          </button>
        </div>
      </div>
    );
  }

  const confirmLabel = upgrade ? t('confirmUpgrade') : gift ? t('confirmGift') : t('confirmPurchase');

  return (
    <form className="checkout-panel" onSubmit={onContinue} noValidate data-testid="checkout-panel">
      <BundleSummary
        bundle={bundle}
        gift={gift ? giftData : undefined}
        prorationCents={prorationCents}
        quote={step === 'confirm' ? quote : null}
        showTotals={step === 'confirm' || free}
      />
      {alreadyHas ? (
        <FormMessage kind="info" testId="checkout-has-access">
          {t('messages.alreadyHaveAccess')}
        </FormMessage>
      ) : null}

      {step === 'payment' ? (
        <>
          <div className="checkout-coupon">
            <TextField
              label={t('coupon.label')}
              name="couponCode"
              value={couponInput}
              onValue={setCouponInput}
              maxLength={64}
              autoComplete="off"
            />
            <button
              type="button"
              className="button button--ghost"
              disabled={couponDisabled}
              onClick={() => void onApplyCoupon(couponInput)}
              data-testid="apply-coupon"
            >
              {applyCoupon.isPending ? t('coupon.applying') : t('coupon.apply')}
            </button>
          </div>
          {couponResult ? (
            <p
              className={couponResult.ok ? 'form-message form-message--success' : 'field__error'}
              role={couponResult.ok ? 'status' : 'alert'}
              data-testid={couponResult.ok ? 'coupon-applied' : 'coupon-error'}
            >
              {couponResult.text}
            </p>
          ) : null}

          {disclaimerNeeded ? (
            <div className="checkout-disclaimer">
              <p>{t('disclaimer')}</p>
              <label className="checkout-check">
                <input
                  type="checkbox"
                  name="disclaimer"
                  checked={disclaimer}
                  onChange={(e) => setDisclaimer(e.target.checked)}
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
              <PaymentMethodChoice
                saved={saved}
                method={effectiveMethod}
                onMethod={setMethod}
                cardId={effectiveCardId}
                onCardId={setCardId}
                paypal={!!paypalGateway}
              />

              {effectiveMethod === 'newCard' ? (
                <CardForm value={card} onChange={setCard} errors={cardErrors} submitted={submitted} />
              ) : null}
              {effectiveMethod === 'paypal' ? (
                <p className="checkout-muted">{t('payment.paypalHint')}</p>
              ) : null}
              {effectiveMethod !== 'paypal' ? (
                <AddressForm
                  value={billing}
                  onChange={setBilling}
                  errors={billingErrors}
                  legend={t('address.billing')}
                  name="billing"
                />
              ) : null}
              {effectiveMethod === 'newCard' ? (
                <CheckoutCaptcha
                  challengeUrl={captcha.challengeUrl}
                  onToken={setToken}
                  resetKey={captchaReset}
                />
              ) : null}
            </fieldset>
          ) : null}

          {bundle.requiresShippingAddress ? (
            <fieldset disabled={paymentLocked} data-testid="shipping-area">
              <legend>{t('address.shipping')}</legend>
              <TextField
                label={t('address.shippingFullName')}
                name="shippingFullName"
                value={shippingName}
                onValue={setShippingName}
                autoComplete="shipping name"
                maxLength={200}
                error={shippingErrors.shippingFullName ? text(shippingErrors.shippingFullName) : undefined}
              />
              {!free ? (
                <label className="checkout-check">
                  <input
                    type="checkbox"
                    checked={sameAsBilling}
                    onChange={(e) => setSameAsBilling(e.target.checked)}
                  />
                  {t('address.sameAsBilling')}
                </label>
              ) : null}
              {!sameAsBilling ? (
                <AddressForm
                  value={shipping}
                  onChange={setShipping}
                  errors={shippingErrors}
                  legend={t('address.shipping')}
                  name="shipping"
                />
              ) : null}
            </fieldset>
          ) : null}

          <FormError message={formError} testId="checkout-error" />
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
          <FormError message={formError} testId="checkout-error" />
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
