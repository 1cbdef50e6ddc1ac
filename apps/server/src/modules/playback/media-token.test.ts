import { describe, expect, it } from 'vitest';
import { parseRange } from '../../media/media-files';
import { createMediaSigner } from './media-token';

const secret = 'unit-secret-unit-secret-unit-secret-01';
const NOW = 1_800_000_000_000;

describe('createMediaSigner', () => {
  const signer = createMediaSigner(secret);
  const token = signer.sign({ exp: NOW / 1000 + 60, asset: 'a1', video: 'v1', user: 'u1' });

  it('makes base64url(claims).base64url(16-byte HMAC) and verifies it until exp', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(signer.verify(token, NOW)).toEqual({ exp: NOW / 1000 + 60, asset: 'a1', video: 'v1', user: 'u1' });
    expect(signer.verify(token, NOW + 59_999)).not.toBeNull();
    expect(signer.verify(token, NOW + 60_000)).toBeNull();
  });

  it('rejects other keys, tampering and garbage', () => {
    expect(createMediaSigner(`${secret}x`).verify(token, NOW)).toBeNull();
    const [body, sig] = token.split('.') as [string, string];
    expect(signer.verify(`${body}.${sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, NOW)).toBeNull();
    expect(signer.verify(`${body}x.${sig}`, NOW)).toBeNull();
    for (const bad of ['', '.', 'abc', `${body}.`, `.${sig}`, `${body}.${sig}.x`])
      expect(signer.verify(bad, NOW)).toBeNull();
    const notJson = Buffer.from('not json').toString('base64url');
    const forged = createMediaSigner(secret).sign({ exp: NOW }).split('.')[1]!;
    expect(signer.verify(`${notJson}.${forged}`, NOW)).toBeNull();
  });
});

describe('parseRange', () => {
  it('reads start-end, open-ended and suffix ranges, clamping the end', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });
  it('is unsatisfiable past the end, reversed or empty suffix; ignores what it cannot read', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,3-4', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
  });
});
