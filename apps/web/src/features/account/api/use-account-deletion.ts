import { confirmIdentity, deleteAccount, requestAccountDeletion } from '@marquee/api-client';
import type { ConfirmIdentityBody } from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /v2/me/confirm-identity. */
export function useConfirmIdentity() {
  return useMutation({ mutationFn: (body: ConfirmIdentityBody) => confirmIdentity(api, body) });
}

/** POST /v2/me/request-delete (sites without selfDelete). */
export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: () => requestAccountDeletion(api) });
}

/** POST /v2/me/delete (sites with selfDelete). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => deleteAccount(api, { password }) });
}
