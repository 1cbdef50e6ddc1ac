import type { SavedAddress } from '@marquee/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/error-message';
import { StatusMessage } from '../../../components/status-message';
import { showToast } from '../../../lib/toast';
import { useAddressAffected, useSavedAddresses, useUpdateAddress } from '../api/use-addresses';
import {
  addressFormErrors,
  addressUpdateMessageKey,
  formValuesOf,
  updateBodyOf,
  type AddressFormValues,
} from '../utils/address-form';

const FIELDS: Array<{ key: keyof AddressFormValues; required: boolean }> = [
  { key: 'fullName', required: false },
  { key: 'address1', required: true },
  { key: 'address2', required: false },
  { key: 'city', required: true },
  { key: 'state', required: true },
  { key: 'zip', required: true },
  { key: 'countryCode', required: true },
];

/** Edits one saved address (§5 the five required fields, §8 the messages), warning what it affects. */
function AddressEditor({ address, onDone }: { address: SavedAddress; onDone: () => void }) {
  const { t } = useTranslation('purchases');
  const [values, setValues] = useState(() => formValuesOf(address));
  const [errors, setErrors] = useState<Partial<Record<keyof AddressFormValues, string>>>({});
  const [failed, setFailed] = useState(false);
  const affected = useAddressAffected(address._id);
  const update = useUpdateAddress();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = addressFormErrors(values);
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length > 0) return;
    update.mutate(updateBodyOf(address, values), {
      onSuccess: () => {
        showToast(t(addressUpdateMessageKey(true)), 'success');
        onDone();
      },
      onError: () => setFailed(true),
    });
  };

  return (
    <form className="address-form" aria-label={t('addresses.editTitle')} onSubmit={submit} noValidate>
      {affected.data && affected.data.length > 0 ? (
        <div className="address-form__warning" role="note" data-testid="address-affected">
          <p>{t('addresses.affects', { count: affected.data.length })}</p>
          <ul>
            {affected.data.map((p) => (
              <li key={`${p.purchaseId}-${p.field}`}>
                {p.name} ({t(`addresses.field.${p.field}`)})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {FIELDS.map(({ key, required }) => (
        <label key={key} className="address-form__field">
          <span>
            {t(`addresses.label.${key}`)}
            {required ? ' *' : ''}
          </span>
          <input
            name={key}
            value={values[key]}
            aria-invalid={errors[key] ? true : undefined}
            maxLength={key === 'countryCode' ? 2 : 200}
            onChange={(e) => setValues({ ...values, [key]: e.target.value })}
          />
          {errors[key] ? (
            <span className="address-form__error" role="alert">
              {errors[key]}
            </span>
          ) : null}
        </label>
      ))}
      {failed ? (
        <p className="purchases__error" role="alert" data-testid="address-error">
          {t(addressUpdateMessageKey(false))}
        </p>
      ) : null}
      <span className="purchase-card__actions">
        <button type="submit" className="button" disabled={update.isPending}>
          {t('addresses.save')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('addresses.cancel')}
        </button>
      </span>
    </form>
  );
}

/** The Purchases page's saved addresses (§7 me/addresses; decision 0055). */
export function SavedAddresses() {
  const { t } = useTranslation('purchases');
  const addresses = useSavedAddresses();
  const [editing, setEditing] = useState<string | null>(null);

  let body;
  if (addresses.isPending) body = <p className="purchases__loading">{t('loading')}</p>;
  else if (addresses.isError)
    body = (
      <StatusMessage kind="error" title={t('loadError')} onRetry={() => void addresses.refetch()}>
        {errorMessage(addresses.error)}
      </StatusMessage>
    );
  else if (addresses.data.length === 0) body = <p className="purchases__empty">{t('addresses.empty')}</p>;
  else
    body = (
      <ul className="purchases__list">
        {addresses.data.map((a) => (
          <li key={a._id} className="saved-address" data-testid="saved-address">
            {editing === a._id ? (
              <AddressEditor address={a} onDone={() => setEditing(null)} />
            ) : (
              <>
                <span className="saved-address__text">
                  {a.fullName ? `${a.fullName}, ` : ''}
                  {a.fullAddress}
                </span>
                <span className="purchase-card__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={`${t('addresses.edit')} ${a.fullAddress}`}
                    onClick={() => setEditing(a._id)}
                  >
                    {t('addresses.edit')}
                  </button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <section
      className="purchases__section"
      aria-labelledby="purchases-addresses"
      data-testid="saved-addresses"
    >
      <h2 id="purchases-addresses" className="purchases__section-title">
        {t('addresses.title')}
      </h2>
      {body}
    </section>
  );
}
