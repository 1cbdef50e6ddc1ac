/**
 * The name the header shows for the viewer (spec §3 User: "A guest is shown as 'Guest'"): the first
 * name, else `guest` (no viewer, or an account without a name, e.g. one made by a passcode or a link).
 */
export function accountName(user: { firstName?: string | null } | null | undefined, guest: string): string {
  return user?.firstName?.trim() || guest;
}
