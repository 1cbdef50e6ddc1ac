import { ApiError } from '@marquee/api-client';
import type { Purchase } from '@marquee/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRedeemGift } from '../api/use-redeem-gift';
import './purchases.css';

interface RedeemGiftProps {
  purchaseId: string;
  /** The code of the gift e-mail's link (?code); the form asks for it when missing. */
  initialCode: string;
  /** Where the redeemed gift's content is (the library). */
  contentHref: (purchase: Purchase) => string;
}

/** A refusal of POST redeem-gift as the viewer reads it (wrong code, already redeemed, own gift). */
function refusal(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return t('redeem.notFound');
    if (error.status === 400) return t('redeem.wrongCode');
    if (error.status === 409) {
      return /own|giver|yourself/i.test(error.message) ? t('redeem.ownGift') : t('redeem.alreadyRedeemed');
    }
    if (error.message) return error.message;
  }
  return t('cancel.fallback');
}

/** /redeem-gift/{purchase}?loginAs&code: redeem a gift by purchase id, then on to its content. */
export function RedeemGift({ purchaseId, initialCode, contentHref }: RedeemGiftProps) {
  const { t } = useTranslation('purchases');
  const redeem = useRedeemGift(purchaseId);
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) {
      setError(t('redeem.wrongCode'));
      return;
    }
    redeem.mutate(code.trim(), { onError: (e) => setError(refusal(e, t)) });
  };

  if (redeem.isSuccess) {
    const purchase = redeem.data.purchase;
    return (
      <div className="purchases purchases--narrow" data-testid="redeem-gift" data-outcome="success">
        <h1 className="purchases__title">{t('redeem.title')}</h1>
        <p role="status">{t('redeem.success', { name: purchase.name })}</p>
        <Link className="button" to={contentHref(purchase)} data-testid="redeem-continue">
          {t('redeem.watch')}
        </Link>
      </div>
    );
  }
  return (
    <div className="purchases purchases--narrow" data-testid="redeem-gift">
      <h1 className="purchases__title">{t('redeem.title')}</h1>
      <form className="purchases__form" onSubmit={onSubmit} noValidate>
        <p className="purchases__intro">{t('redeem.intro')}</p>
        <label htmlFor={codeId} className="purchases__label">
          {t('redeem.code')}
        </label>
        <input
          id={codeId}
          className="purchases__input"
          name="code"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${codeId}-error` : undefined}
        />
        {error ? (
          <p id={`${codeId}-error`} className="purchases__error" role="alert" data-testid="redeem-error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={redeem.isPending}>
          {redeem.isPending ? t('redeem.submitting') : t('redeem.submit')}
        </button>
      </form>
    </div>
  );
}
