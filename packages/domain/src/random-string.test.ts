import { describe, expect, it } from 'vitest';
import { RANDOM_STRING_ALPHABET, RANDOM_STRING_LENGTH, randomString } from './random-string';

describe('randomString (D§9, P§9 "Random string default length 32")', () => {
  it('is 32 letters and digits by default', () => {
    expect(RANDOM_STRING_LENGTH).toBe(32);
    const s = randomString();
    expect(s).toHaveLength(32);
    expect(s).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(randomString()).not.toBe(s);
  });

  it('takes another length, 0 included, and refuses a negative or fractional one', () => {
    expect(randomString(8)).toHaveLength(8);
    expect(randomString(0)).toBe('');
    expect(() => randomString(-1)).toThrow(RangeError);
    expect(() => randomString(1.5)).toThrow(RangeError);
  });

  it('maps bytes onto the alphabet and draws again for bytes of 248 or more (no bias)', () => {
    let call = 0;
    const fill = (b: Uint8Array) => {
      call++;
      b.fill(call === 1 ? 255 : 0);
      if (call === 1) b[0] = 63; // 63 % 62 = 1 → 'B'
      return b;
    };
    expect(randomString(3, fill)).toBe('BAA');
    expect(RANDOM_STRING_ALPHABET).toHaveLength(62);
  });
});
