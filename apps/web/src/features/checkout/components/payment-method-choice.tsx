import type { PaymentMethod } from '@marquee/contract';
import { useTranslation } from 'react-i18next';
import type { PaymentChoice } from '../utils/payment';

interface PaymentMethodChoiceProps {
  /** The viewer's saved cards (existingCard is offered when there is one). */
  saved: readonly PaymentMethod[];
  method: PaymentChoice;
  onMethod: (method: PaymentChoice) => void;
  cardId: string | null;
  onCardId: (id: string) => void;
  /** Offer the wallet (the site has the PayPal gateway and the offer allows it). */
  paypal?: boolean;
}

/**
 * §4 Checkout step 1, "Choose existingCard, newCard or the wallet provider", and which saved card:
 * two radio groups of the payment section.
 */
export function PaymentMethodChoice({
  saved,
  method,
  onMethod,
  cardId,
  onCardId,
  paypal = false,
}: PaymentMethodChoiceProps) {
  const { t } = useTranslation('checkout');
  const choices: PaymentChoice[] = [
    ...(saved.length > 0 ? (['existingCard'] as const) : []),
    'newCard',
    ...(paypal ? (['paypal'] as const) : []),
  ];
  return (
    <>
      <div className="checkout-methods" role="radiogroup" aria-label={t('payment.method')}>
        {choices.map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name="method"
              value={choice}
              checked={method === choice}
              onChange={() => onMethod(choice)}
              data-testid={`method-${choice}`}
            />
            {t(`payment.${choice}`)}
          </label>
        ))}
      </div>
      {method === 'existingCard' ? (
        <div className="checkout-methods" role="radiogroup" aria-label={t('payment.existingCard')}>
          {saved.map((m) => (
            <label key={m.id}>
              <input
                type="radio"
                name="savedCard"
                value={m.id}
                checked={cardId === m.id}
                onChange={() => onCardId(m.id)}
              />
              {t('payment.card', { type: m.cardType ?? '', last4: m.last4 })}{' '}
              <span className="checkout-muted">
                {t('payment.cardExpires', { month: String(m.expMonth).padStart(2, '0'), year: m.expYear })}
                {m.isDefault ? ` · ${t('payment.default')}` : ''}
              </span>
            </label>
          ))}
        </div>
      ) : null}
    </>
  );
}
