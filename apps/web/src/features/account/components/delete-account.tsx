import { ApiError } from '@marquee/api-client';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount, useRequestAccountDeletion } from '../api/use-account-deletion';
import { ConfirmIdentityForm } from './confirm-identity-form';
import { FormError } from '../../../components/form-fields';
import { CurrentPasswordField } from './account-fields';
import { FormActions } from './form-actions';
import { errorText, toFieldError, type FieldError } from '../utils/validation';
import { Modal } from '../../../components/modal';

/** How long "Account Deleted" stays before the viewer is signed out and sent home (§9: 3000 ms). */
export const AFTER_DELETE_MS = 3000;

interface DeleteAccountProps {
  /** Site perm selfDelete: delete at once with the password; otherwise ask the site to delete it. */
  selfDelete: boolean;
  /** After a self-deletion: sign out and leave the account area. */
  onDeleted: () => void | Promise<void>;
}

/** /delete-account: the deletion request flow, or self-deletion where the site allows it. */
export function DeleteAccount({ selfDelete, onDeleted }: DeleteAccountProps) {
  const { t } = useTranslation('account');
  return (
    <section className="account-delete" aria-labelledby="account-delete-title" data-testid="delete-account">
      <h2 id="account-delete-title" className="account__section-title">
        {t('deletion.title')}
      </h2>
      {selfDelete ? <SelfDelete onDeleted={onDeleted} /> : <RequestDeletion />}
    </section>
  );
}

/** selfDelete off: explain, confirm identity, POST /v2/me/request-delete → "Request sent". */
function RequestDeletion() {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  const request = useRequestAccountDeletion();

  if (request.isSuccess) {
    return (
      <p className="account-delete__result" role="status" data-testid="delete-request-sent">
        {t('deletion.requestSent')}
      </p>
    );
  }

  return (
    <>
      <p>{t('deletion.requestIntro')}</p>
      <p>{t('deletion.confirmFirst')}</p>
      {request.isError ? (
        <div className="account-form__error" role="alert" data-testid="delete-request-error">
          <p>{t('deletion.requestFailed')}</p>
          {/* A refusal the viewer can act on (e.g. a request already sent today) keeps the server's reason. */}
          {request.error instanceof ApiError && request.error.isClientError ? (
            <p>{request.error.message}</p>
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        className="button"
        data-testid="request-delete"
        disabled={request.isPending}
        onClick={() => setConfirming(true)}
      >
        {request.isPending ? t('deletion.sending') : t('deletion.request')}
      </button>
      {confirming ? (
        <Modal
          title={t('confirmIdentity.title')}
          onClose={() => setConfirming(false)}
          testId="confirm-identity-modal"
        >
          <ConfirmIdentityForm
            onCancel={() => setConfirming(false)}
            onConfirmed={() => {
              setConfirming(false);
              request.mutate();
            }}
          />
        </Modal>
      ) : null}
    </>
  );
}

/** selfDelete on: password, POST /v2/me/delete → "Account Deleted", then sign out. */
function SelfDelete({ onDeleted }: { onDeleted: () => void | Promise<void> }) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const mutation = useDeleteAccount();

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = setTimeout(() => void onDeleted(), AFTER_DELETE_MS);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, onDeleted]);

  if (mutation.isSuccess) {
    return (
      <p className="account-delete__result" role="status" data-testid="account-deleted">
        {t('deletion.deleted')}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError({ key: 'validation.passwordRequired', field: 'password' });
    setError(null);
    mutation.mutate(password, { onError: (failure) => setError(toFieldError(failure)) });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="self-delete-form">
      <p>{t('deletion.selfIntro')}</p>
      <CurrentPasswordField value={password} onValue={setPassword} error={error} />
      <FormError message={errorText(error, t)} />
      <FormActions
        pending={mutation.isPending}
        submitLabel={t('deletion.submit')}
        pendingLabel={t('deletion.deleting')}
      />
    </form>
  );
}
