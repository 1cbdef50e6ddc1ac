import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/error-message';
import { specMessageKey } from '../utils/checkout-rules';

const DOMAIN_EXTRA: Record<string, string> = {
  'Invalid card number': 'invalidCardNumber',
  'Invalid security code': 'invalidCardCode',
  'Invalid expiration year': 'invalidYear',
};

/**
 * Shows a commerce message in the UI language: the spec's texts (and the card form's own) through
 * the `checkout` namespace, a decline code kept in parentheses; any other server text as it came.
 */
export function useCommerceMessage() {
  const { t } = useTranslation('checkout');
  const text = (message: string): string => {
    const extra = DOMAIN_EXTRA[message];
    if (extra) return t(`messages.${extra}` as 'messages.invalidCardNumber');
    const found = specMessageKey(message);
    if (!found) return message;
    const [key, rest] = found;
    const translated = t(`messages.${key}` as 'messages.paymentFailure', { defaultValue: message });
    return `${translated}${rest}`;
  };
  return {
    text,
    /** An error of any kind (ApiError's message through `text`). */
    error: (error: unknown) => text(errorMessage(error)),
  };
}
