import { z } from 'zod';

/**
 * The profile API (accounts-and-commerce §5 Change user info, Change name, Change e-mail, Change
 * password, Confirm identity; §7 Profile). Missing and blank fields are answered by the server with
 * the spec's exact messages ("Missing values", "All fields are required"), so text fields default
 * to '' here instead of failing schema validation with a generic message.
 */
const formText = (max: number) => z.string().max(max).default('');

/** PATCH /v2/me/info (also the Change name modal). Omitted gender or dob stay as they are; null clears. */
export const UpdateUserInfoBody = z
  .object({
    firstName: formText(100),
    lastName: formText(100),
    /** Refused as 'other' on sites with rudimentaryGenders; ignored on sites with hideUserGender. */
    gender: z.enum(['male', 'female', 'other']).nullable().optional(),
    /** Numeric YYYYMMDD: a real date, not in the future, in the last 100 years. Ignored with hideUserDOB. */
    dob: z.number({ error: 'Invalid DOB' }).nullable().optional(),
  })
  .meta({ id: 'UpdateUserInfoBody' });
export type UpdateUserInfoBody = z.input<typeof UpdateUserInfoBody>;

/** PATCH /v2/me/preferences: the viewer's playback settings (§3 User.autoPlay). */
export const PreferencesBody = z
  .object({ autoPlay: z.boolean({ error: 'autoPlay must be true or false' }) })
  .meta({ id: 'PreferencesBody' });
export type PreferencesBody = z.infer<typeof PreferencesBody>;

/** PATCH /v2/me/email: the new address and the current password. */
export const ChangeEmailBody = z
  .object({ email: formText(320), password: formText(1024) })
  .meta({ id: 'ChangeEmailBody' });
export type ChangeEmailBody = z.input<typeof ChangeEmailBody>;

/** PATCH /v2/me/password. */
export const ChangePasswordBody = z
  .object({ currentPassword: formText(1024), newPassword: formText(1024) })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** POST /v2/me/confirm-identity: the signed-in user's own e-mail and password. */
export const ConfirmIdentityBody = z
  .object({ email: formText(320), password: formText(1024) })
  .meta({ id: 'ConfirmIdentityBody' });
export type ConfirmIdentityBody = z.input<typeof ConfirmIdentityBody>;

/** POST /v2/me/delete (only on sites with selfDelete). */
export const DeleteAccountBody = z.object({ password: formText(1024) }).meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

/** POST /v2/me/request-delete → 202. */
export const DeletionRequested = z
  .object({ message: z.literal('Request sent') })
  .meta({ id: 'DeletionRequested' });
export type DeletionRequested = z.infer<typeof DeletionRequested>;
