import { ApiError } from '@marquee/api-client';
import { useEffect, useState, type FormEvent } from 'react';
import { useDeleteAccount, useRequestAccountDeletion } from '../api/use-account-deletion';
import { ConfirmIdentityForm } from './confirm-identity-form';
import { FormError } from '../../../components/form-fields';
import { CurrentPasswordField } from './account-fields';
import { FormActions } from './form-actions';
import { toFieldError, type FieldError } from '../utils/validation';
import { Modal } from './modal';

const REQUEST_FAILED = 'There was and error processing your request.'; // sic: the spec's wording (§8)
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
  return (
    <section className="account-delete" aria-labelledby="account-delete-title" data-testid="delete-account">
      <h2 id="account-delete-title" className="account__section-title">
        Delete account
      </h2>
      {selfDelete ? <SelfDelete onDeleted={onDeleted} /> : <RequestDeletion />}
    </section>
  );
}

/** selfDelete off: explain, confirm identity, POST /v2/me/request-delete → "Request sent". */
function RequestDeletion() {
  const [confirming, setConfirming] = useState(false);
  const request = useRequestAccountDeletion();

  if (request.isSuccess) {
    return (
      <p className="account-delete__result" role="status" data-testid="delete-request-sent">
        Request sent
      </p>
    );
  }

  return (
    <>
      <p>
        Deleting your account removes your profile, your viewing history and your access to purchased content.
        We will review your request and confirm by e-mail once your account has been deleted.
      </p>
      <p>First confirm it is you with your e-mail and password.</p>
      {request.isError ? (
        <div className="account-form__error" role="alert" data-testid="delete-request-error">
          <p>{REQUEST_FAILED}</p>
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
        {request.isPending ? 'Sending…' : 'Request account deletion'}
      </button>
      {confirming ? (
        <Modal title="Confirm identity" onClose={() => setConfirming(false)} testId="confirm-identity-modal">
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
        Account Deleted
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError({ message: 'Password is required', field: 'password' });
    setError(null);
    mutation.mutate(password, { onError: (failure) => setError(toFieldError(failure)) });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate data-testid="self-delete-form">
      <p>
        Deleting your account is permanent: your profile, viewing history and access to purchased content are
        removed and cannot be restored.
      </p>
      <CurrentPasswordField value={password} onValue={setPassword} error={error} />
      <FormError message={error?.message} />
      <FormActions pending={mutation.isPending} submitLabel="Delete account" pendingLabel="Deleting…" />
    </form>
  );
}
