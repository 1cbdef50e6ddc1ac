import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr';

/** The dark modules a path draws, back from its `M x y h n v1 h-n z` runs. */
function darkModules(d: string): Set<string> {
  const dark = new Set<string>();
  for (const [, x, y, n] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g))
    for (let i = 0; i < Number(n); i++) dark.add(`${Number(x) + i},${y}`);
  return dark;
}

describe('qrPath', () => {
  const text = 'https://watch.example.test/s/Ab3dE';
  const { size, d } = qrPath(text);

  it('draws exactly the dark modules of the encoded text, with a 4-module quiet zone', () => {
    const { data } = encode(text, { ecc: 'M', border: 4 });
    const expected = new Set<string>();
    data.forEach((row, y) => row.forEach((dark, x) => dark && expected.add(`${x},${y}`)));
    expect(size).toBe(data.length);
    expect(darkModules(d)).toEqual(expected);
    // Nothing in the quiet zone: the first 4 rows and columns are light.
    for (const key of darkModules(d)) {
      const [x, y] = key.split(',').map(Number) as [number, number];
      expect(x >= 4 && y >= 4 && x < size - 4 && y < size - 4).toBe(true);
    }
  });

  it('has the top-left finder pattern: a dark 7×7 ring around a light ring and a dark 3×3 centre', () => {
    const dark = darkModules(d);
    const at = (x: number, y: number) => dark.has(`${x + 4},${y + 4}`);
    for (let i = 0; i < 7; i++) {
      expect([at(i, 0), at(i, 6), at(0, i), at(6, i)]).toEqual([true, true, true, true]);
    }
    for (let i = 1; i < 6; i++)
      expect([at(i, 1), at(i, 5), at(1, i), at(5, i)]).toEqual([false, false, false, false]);
    for (let y = 2; y < 5; y++) for (let x = 2; x < 5; x++) expect(at(x, y)).toBe(true);
  });

  it('grows with the text', () => {
    expect(qrPath('x'.repeat(200)).size).toBeGreaterThan(size);
  });
});
