/** What Enter on a watch-list or favorite button does. */
export type ToggleAction = 'login' | 'on' | 'off' | 'ignore';

/**
 * A signed-out viewer goes to the TV login; while the state is unknown or a change is on its way
 * the press is ignored (a held Enter never sends two); otherwise it flips the state.
 */
export function toggleAction(o: { signedIn: boolean; on: boolean | undefined; busy: boolean }): ToggleAction {
  if (!o.signedIn) return 'login';
  if (o.busy || o.on === undefined) return 'ignore';
  return o.on ? 'off' : 'on';
}
