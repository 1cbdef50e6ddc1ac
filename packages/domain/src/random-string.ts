// D§9, P§9: "Random string default length 32."

/** The spec's default length of a random string. */
export const RANDOM_STRING_LENGTH = 32;

/** Letters and digits: safe in URLs, headers and ids without escaping. */
export const RANDOM_STRING_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random string of `length` (default 32) letters and digits, from the platform's cryptographic
 * generator (`crypto.getRandomValues`, in browsers, TV runtimes and Node 20). `fill` stands in for
 * it in tests. Bytes of 248 or more are drawn again, so every character is equally likely.
 */
export function randomString(
  length: number = RANDOM_STRING_LENGTH,
  fill: (bytes: Uint8Array) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b),
): string {
  if (!Number.isInteger(length) || length < 0)
    throw new RangeError('length must be a whole number, 0 or more');
  const n = RANDOM_STRING_ALPHABET.length; // 62; 248 = 4 × 62 is the largest multiple under 256
  let out = '';
  while (out.length < length) {
    for (const byte of fill(new Uint8Array(length - out.length + 8))) {
      if (byte >= 248) continue;
      out += RANDOM_STRING_ALPHABET[byte % n];
      if (out.length === length) break;
    }
  }
  return out;
}
