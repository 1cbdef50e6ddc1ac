import { ApiError, newIdempotencyKey, subscribeDonation, tipJarQueryOptions } from '@marquee/api-client';
import type { DonationPlanType } from '@marquee/contract';
import { COMMERCE_LIMITS, COMMERCE_MESSAGES, TIP_JAR_PLANS, formatMoney } from '@marquee/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormMessage, TextField } from '../../../components/form-fields';
import { StatusMessage } from '../../../components/status-message';
import { api } from '../../../lib/api';
import { reportCheckoutSuccess } from '../../../lib/purchase-analytics';
import {
  useCountryCodes,
  useGateways,
  useInvalidateAfterPurchase,
  usePaymentMethods,
} from '../api/use-commerce';
import { useCommerceMessage } from '../hooks/use-commerce-message';
import { cardPaymentFields, emptyPayment, validatePayment, type PaymentErrors } from '../utils/payment';
import { useCardCaptcha } from './checkout-captcha';
import { PaymentSection } from './payment-section';
import './checkout.css';

/**
 * /contribute, the tip jar (§2, §5, §9): amount options with 25 chosen by default, One Time or
 * Monthly, the survey (every shown question must be answered: "Please fill in the required
 * information"), then a saved or new card and the billing address; POST /api/donation/subscribe.
 */
export function TipJar({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('checkout');
  const jar = useQuery(tipJarQueryOptions(api));
  if (jar.isPending)
    return (
      <p className="checkout-muted" role="status">
        {t('loading')}
      </p>
    );
  if (jar.isError)
    return <StatusMessage kind="error" title={t('loadError')} onRetry={() => void jar.refetch()} />;
  if (!jar.data.enabled) return <StatusMessage kind="info" title={t('tipJar.disabled')} />;
  return <TipJarForm jar={jar.data} onDone={onDone} />;
}

function TipJarForm({
  jar,
  onDone,
}: {
  jar: { options: number[]; defaultOption: number; plans: DonationPlanType[]; survey: Array<{ q: string }> };
  onDone: () => void;
}) {
  const { t } = useTranslation('checkout');
  const { text, error: errorText } = useCommerceMessage();
  const gateways = useGateways();
  const methods = usePaymentMethods(gateways.cardGateway);
  const countries = useCountryCodes();
  const captcha = useCardCaptcha();
  const invalidate = useInvalidateAfterPurchase();
  const defaultOption = jar.defaultOption || COMMERCE_LIMITS.tipJarDefaultOption;
  const [amount, setAmount] = useState<string>(String(defaultOption));
  const [other, setOther] = useState('');
  const [plan, setPlan] = useState<DonationPlanType>(jar.plans[0] ?? 'single');
  const [answers, setAnswers] = useState<string[]>(() => jar.survey.map(() => ''));
  const [payment, setPayment] = useState(emptyPayment);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [paymentErrors, setPaymentErrors] = useState<PaymentErrors>({ card: {}, billing: {} });
  const [surveyErrors, setSurveyErrors] = useState<boolean[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState(false);
  const key = useRef<string | null>(null);

  const saved = methods.data ?? [];
  const dollars = amount === 'other' ? Number(other) : Number(amount);
  const amountCents = Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(onDone, COMMERCE_LIMITS.checkoutSuccessRedirectMs);
    return () => clearTimeout(timer);
  }, [done, onDone]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    let message: string | null = null;
    const se = answers.map((a) => a.trim() === '');
    setSurveyErrors(se);
    if (se.some(Boolean) || amountCents < 100) message = COMMERCE_MESSAGES.requiredInformation;
    const checked = validatePayment(payment, saved, {
      captchaRequired: captcha.required,
      captchaMessage: t('messages.captchaRequired'),
    });
    setPaymentErrors(checked.errors);
    message ??= checked.message;
    setFormError(message ? text(message) : null);
    if (message) return;
    key.current ??= newIdempotencyKey();
    setPaying(true);
    try {
      const answer = await subscribeDonation(
        api,
        {
          gateway: (gateways.cardGateway ?? 'test') as 'test',
          ...cardPaymentFields(payment, saved, { countries: countries.data }),
          amountCents,
          planType: plan,
          survey: jar.survey.map((s, i) => ({ q: s.q, a: answers[i]!.trim() })),
          domain: window.location.host,
        },
        key.current,
      );
      key.current = null;
      invalidate();
      // §4 purchase-success analytics (currency USD) for the tip or donation.
      if ('purchase' in answer) reportCheckoutSuccess(answer);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.isClientError) {
        key.current = null;
        setPayment((p) => ({ ...p, token: null }));
        setCaptchaReset((n) => n + 1);
      }
      setFormError(err instanceof ApiError ? errorText(err) : text(COMMERCE_MESSAGES.paymentFailure));
    } finally {
      setPaying(false);
    }
  };

  if (done) {
    return (
      <FormMessage kind="success" testId="tip-jar-success">
        {t('tipJar.thanks')}
      </FormMessage>
    );
  }

  const planLabel = (p: DonationPlanType) =>
    t(`tipJar.${TIP_JAR_PLANS.find((x) => x.planType === p)?.planType ?? 'single'}`);

  return (
    <form className="checkout-panel" onSubmit={submit} noValidate data-testid="tip-jar">
      <p>{t('tipJar.intro')}</p>
      <fieldset>
        <legend>{t('tipJar.amount')}</legend>
        <div className="checkout-methods" role="radiogroup" aria-label={t('tipJar.amount')}>
          {jar.options.map((o) => (
            <label key={o}>
              <input
                type="radio"
                name="amount"
                value={String(o)}
                checked={amount === String(o)}
                onChange={() => setAmount(String(o))}
              />
              {formatMoney(Math.round(o * 100))}
            </label>
          ))}
          <label>
            <input
              type="radio"
              name="amount"
              value="other"
              checked={amount === 'other'}
              onChange={() => setAmount('other')}
            />
            {t('tipJar.other')}
          </label>
        </div>
        {amount === 'other' ? (
          <TextField
            label={t('tipJar.other')}
            name="otherAmount"
            value={other}
            onValue={(v) => setOther(v.replace(/[^\d.]/g, ''))}
            inputMode="decimal"
            invalid={submitted && amountCents < 100}
          />
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t('tipJar.plan')}</legend>
        <div className="checkout-methods" role="radiogroup" aria-label={t('tipJar.plan')}>
          {jar.plans.map((p) => (
            <label key={p}>
              <input
                type="radio"
                name="planType"
                value={p}
                checked={plan === p}
                onChange={() => setPlan(p)}
              />
              {planLabel(p)}
            </label>
          ))}
        </div>
      </fieldset>
      {jar.survey.length ? (
        <fieldset>
          <legend>{t('tipJar.survey')}</legend>
          {jar.survey.map((s, i) => (
            <TextField
              key={s.q}
              label={s.q}
              name={`survey${i}`}
              value={answers[i] ?? ''}
              onValue={(v) => setAnswers((list) => list.map((a, j) => (j === i ? v : a)))}
              maxLength={2000}
              error={surveyErrors[i] ? t('messages.requiredInformation') : undefined}
            />
          ))}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>{t('payment.heading')}</legend>
        <PaymentSection
          value={payment}
          onChange={(patch) => setPayment((p) => ({ ...p, ...patch }))}
          errors={paymentErrors}
          submitted={submitted}
          saved={saved}
          captchaUrl={captcha.challengeUrl}
          captchaReset={captchaReset}
        />
      </fieldset>
      <FormError message={formError} testId="tip-jar-error" />
      <div className="checkout-actions">
        <button type="submit" className="button" disabled={paying} aria-busy={paying || undefined}>
          {paying ? t('paying') : t('tipJar.give', { amount: formatMoney(amountCents) })}
        </button>
      </div>
    </form>
  );
}
