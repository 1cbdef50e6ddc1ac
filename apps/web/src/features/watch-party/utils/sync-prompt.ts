/**
 * §2.3's "confirm player sync" modal (§4.9: "After more than 5 position mismatches the viewer is
 * desynchronised"; decision 0052): what a guest's party screen shows about their sync.
 * - `following`: nothing (the player follows the host);
 * - `asking`: the modal, offering to resync (seek to the host and follow again) or stay out;
 * - `stayedOut`: the viewer chose to watch on their own: no modal again for this desync, only a
 *   quiet status with a Resync button, until they resync.
 */
export type SyncPrompt = 'following' | 'asking' | 'stayedOut';

export type SyncPromptEvent =
  /** The binding says the viewer lost sync (their own check or the server's). */
  | 'desync'
  /** The viewer chose Resync (the binding follows again, from a clean mismatch count). */
  | 'resync'
  /** The viewer chose to stay out of sync (or closed the modal). */
  | 'stay'
  /** The viewer became the host: they lead, there is nothing to follow. */
  | 'host';

export function nextSyncPrompt(state: SyncPrompt, event: SyncPromptEvent): SyncPrompt {
  switch (event) {
    case 'desync':
      // Asked once per desync: a viewer who stayed out is not asked again until they resync.
      return state === 'following' ? 'asking' : state;
    case 'stay':
      return state === 'asking' ? 'stayedOut' : state;
    case 'resync':
    case 'host':
      return 'following';
  }
}
