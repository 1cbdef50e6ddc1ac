import { queryOptions } from '@tanstack/react-query';
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmIdentityBody,
  DeleteAccountBody,
  DeletionRequested,
  DeviceList,
  PreferencesBody,
  UpdateUserInfoBody,
  User,
} from '@marquee/contract';
import { apiPath, sitePath, type ApiClient } from '../client';
import { queryKeys } from '../query-keys';

// Fetchers of the profile API (accounts-and-commerce §7 Profile) and of the signed-in user's
// second screens (the account area's Active Devices).

/**
 * PATCH /v2/me/info → the updated user (omitted gender or dob stay as they are; null clears them).
 * 409 `nameChangeTooSoon` when the name changes again within 60 days.
 */
export function updateUserInfo(api: ApiClient, body: UpdateUserInfoBody) {
  return api.request<User>('PATCH', apiPath('v2', 'me', 'info'), { body });
}

/** PATCH /v2/me/preferences {autoPlay} → the updated user. */
export function updatePreferences(api: ApiClient, body: PreferencesBody) {
  return api.request<User>('PATCH', apiPath('v2', 'me', 'preferences'), { body });
}

/** PATCH /v2/me/email → the updated user; 401 when the password is wrong, 409 `emailTaken`. */
export function changeEmail(api: ApiClient, body: ChangeEmailBody) {
  return api.request<User>('PATCH', apiPath('v2', 'me', 'email'), { body });
}

/** PATCH /v2/me/password → 204; 401 "Invalid Credentials" when the current password is wrong. */
export function changePassword(api: ApiClient, body: ChangePasswordBody) {
  return api.request<void>('PATCH', apiPath('v2', 'me', 'password'), { body });
}

/** POST /v2/me/confirm-identity → 204; 401 "Invalid Credentials". */
export function confirmIdentity(api: ApiClient, body: ConfirmIdentityBody) {
  return api.request<void>('POST', apiPath('v2', 'me', 'confirm-identity'), { body });
}

/** POST /v2/me/request-delete → 202 `{ message: 'Request sent' }` (mails the user and the site's admins). */
export function requestAccountDeletion(api: ApiClient) {
  return api.request<DeletionRequested>('POST', apiPath('v2', 'me', 'request-delete'));
}

/** POST /v2/me/delete → 204 when the site has perm selfDelete, else 403. */
export function deleteAccount(api: ApiClient, body: DeleteAccountBody) {
  return api.request<void>('POST', apiPath('v2', 'me', 'delete'), { body });
}

export function accountDevicesQueryKey(api: ApiClient) {
  return [...queryKeys.all(api), 'account-devices'] as const;
}

/** GET /v2/sites/{site}/second-screens: the signed-in user's devices. */
export function getAccountDevices(api: ApiClient, signal?: AbortSignal) {
  return api.get<DeviceList>(sitePath(api.site, 'second-screens'), { signal });
}

export function accountDevicesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: accountDevicesQueryKey(api),
    queryFn: ({ signal }) => getAccountDevices(api, signal),
    select: (data) => data.items,
    staleTime: 0,
  });
}

/** POST /v2/sites/{site}/second-screens/{id}/logout → 204: revokes the device's session. */
export function logoutAccountDevice(api: ApiClient, id: string) {
  return api.request<void>('POST', sitePath(api.site, 'second-screens', id, 'logout'));
}

/** DELETE /v2/sites/{site}/second-screens/{id} → 204. */
export function removeAccountDevice(api: ApiClient, id: string) {
  return api.request<void>('DELETE', sitePath(api.site, 'second-screens', id));
}
