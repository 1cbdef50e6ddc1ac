import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_COUNT, defaultAvatarNumber } from './avatars';

describe('defaultAvatarNumber (D§9 default avatar images 1 to 11)', () => {
  it('names the spec’s eleven images', () => {
    expect(DEFAULT_AVATAR_COUNT).toBe(11);
  });

  it('is stable for an id and always within 1 to 11', () => {
    const ids = ['', 'u1', '6f1c2f9e-3b1a-4c55-9d1e-0a4e3c2b1a00', 'viewer@marquee', 'é✓'];
    for (const id of ids) {
      const n = defaultAvatarNumber(id);
      expect(n).toBe(defaultAvatarNumber(id));
      expect(Number.isInteger(n) && n >= 1 && n <= 11, id).toBe(true);
    }
    // Pinned: a user keeps their image across releases (a change here changes everyone's avatar).
    expect(['u1', 'user-1', 'user-2', ''].map(defaultAvatarNumber)).toEqual([6, 10, 2, 4]);
  });

  it('spreads users over all eleven', () => {
    const counts = new Array<number>(12).fill(0);
    for (let i = 0; i < 11_000; i += 1) counts[defaultAvatarNumber(`user-${i}`)]! += 1;
    expect(counts[0]).toBe(0);
    for (let n = 1; n <= 11; n += 1) expect(counts[n]).toBeGreaterThan(700);
  });
});
