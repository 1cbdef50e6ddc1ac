/** D§9 "Default avatar images 1 to 11": how many default avatars there are. */
export const DEFAULT_AVATAR_COUNT = 11;

/**
 * The default avatar (1 to 11) of a user without one of their own: chosen from their id by a
 * 32-bit FNV-1a hash, so the same user always gets the same image on every device and app, and
 * users spread evenly over the eleven (decision 0061).
 */
export function defaultAvatarNumber(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i += 1) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % DEFAULT_AVATAR_COUNT) + 1;
}
