import type { Bundle, GiftData } from '@marquee/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, SubmitButton, TextField } from '../../../components/form-fields';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { useGiftables } from '../api/use-offers';
import { validateGift, type GiftErrors } from '../utils/offers';
import { OfferCard } from './offer-card';
import './subscribe.css';

/** /gift step gift_selection: the giftable bundles; choosing one goes to gift_form. */
export function GiftSelection({ onChoose }: { onChoose: (bundle: Bundle) => void }) {
  const { t } = useTranslation('subscribe');
  const giftables = useGiftables();
  if (giftables.isPending)
    return (
      <p className="offer-card__muted" role="status">
        {t('loading')}
      </p>
    );
  if (giftables.isError)
    return (
      <StatusMessage kind="error" title={t('loadError')} onRetry={() => void giftables.refetch()}>
        {errorMessage(giftables.error)}
      </StatusMessage>
    );
  if (giftables.data.length === 0) return <StatusMessage kind="empty" title={t('gift.empty')} />;
  return (
    <section aria-labelledby="gift-selection" data-testid="gift-selection">
      <h2 id="gift-selection">{t('gift.selection')}</h2>
      <ul className="offer-list">
        {giftables.data.map((b) => (
          <OfferCard key={b.id} offer={b} action={t('gift.choose')} onChoose={() => onChoose(b)} />
        ))}
      </ul>
    </section>
  );
}

/** /gift step gift_form: the recipient's name and e-mail and a message (§5 gift rules). */
export function GiftForm({
  initial,
  giverEmail,
  onSubmit,
  onBack,
}: {
  initial?: GiftData | null;
  giverEmail: string | null | undefined;
  onSubmit: (gift: GiftData) => void;
  onBack?: () => void;
}) {
  const { t } = useTranslation('subscribe');
  const [name, setName] = useState(initial?.name ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const [message, setMessage] = useState(initial?.message ?? '');
  const [errors, setErrors] = useState<GiftErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateGift({ name, email }, giverEmail);
    setErrors(found);
    if (found.form) return;
    onSubmit({
      name: name.trim(),
      email: email.trim(),
      ...(message.trim() ? { message: message.trim() } : {}),
    });
  };
  const err = (k: 'name' | 'email') => (errors[k] ? t(`gift.${errors[k]}`) : undefined);

  return (
    <form className="gift-form" onSubmit={submit} noValidate data-testid="gift-form">
      <h2>{t('gift.form')}</h2>
      <TextField
        label={t('gift.name')}
        name="giftName"
        value={name}
        onValue={setName}
        maxLength={200}
        invalid={!!errors.name}
      />
      <TextField
        label={t('gift.email')}
        name="giftEmail"
        type="email"
        value={email}
        onValue={setEmail}
        maxLength={254}
        autoComplete="off"
        invalid={!!errors.email}
        error={errors.email && errors.email !== 'requiredFields' ? err('email') : undefined}
      />
      <div className="field">
        <label htmlFor="gift-message">{t('gift.message')}</label>
        <textarea
          id="gift-message"
          name="giftMessage"
          value={message}
          maxLength={2000}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      <FormError
        message={errors.form === 'requiredFields' ? t('gift.requiredFields') : null}
        testId="gift-error"
      />
      <div className="preorder-overlay__actions">
        {onBack ? (
          <button type="button" className="button button--ghost" onClick={onBack}>
            {t('gift.back')}
          </button>
        ) : null}
        <SubmitButton busy={false}>{t('gift.next')}</SubmitButton>
      </div>
    </form>
  );
}
