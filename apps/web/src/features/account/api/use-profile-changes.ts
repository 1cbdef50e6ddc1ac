import { changeEmail, changePassword, updatePreferences, updateUserInfo } from '@marquee/api-client';
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  PreferencesBody,
  UpdateUserInfoBody,
} from '@marquee/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';

/** Re-reads the user after a change; a failed re-read must not turn a saved change into an error. */
function useRefreshAfterChange() {
  const { refreshUser } = useSession();
  return () => refreshUser().catch(() => undefined);
}

/** PATCH /v2/me/info (Change user info and Change name). */
export function useUpdateUserInfo() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: UpdateUserInfoBody) => updateUserInfo(api, body),
    onSuccess: refresh,
  });
}

/** PATCH /v2/me/preferences (autoPlay). */
export function useUpdatePreferences() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: PreferencesBody) => updatePreferences(api, body),
    onSuccess: refresh,
  });
}

/** PATCH /v2/me/email. */
export function useChangeEmail() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => changeEmail(api, body),
    onSuccess: refresh,
  });
}

/** PATCH /v2/me/password. */
export function useChangePassword() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => changePassword(api, body),
    onSuccess: refresh,
  });
}
