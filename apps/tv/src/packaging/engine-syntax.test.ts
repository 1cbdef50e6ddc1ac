import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntaxNewerThanTarget } from './engine-syntax';

const features = (code: string) => syntaxNewerThanTarget(code).map((p) => p.feature);

describe('syntax newer than Chromium 63 (decision 0079)', () => {
  it('passes what Chromium 63 parses: ES2017, object spread, async iteration, dynamic import', () => {
    const code = `
      const { a, ...rest } = { a: 1, ...other };
      async function* gen() { for await (const x of xs) yield x ** 2; }
      class A { static m() { return new.target; } }
      try { f(); } catch (e) { g(e); }
      const lazy = () => import('./chunk.js');
      const re = /(?<=a)b(?=c)/s;
      export { A, gen, lazy, re, rest };
    `;
    expect(features(code)).toEqual([]);
  });

  it('finds each construct the engine cannot parse', () => {
    expect(features('a?.b;')).toEqual(['optional chaining']);
    expect(features('a ?? b;')).toEqual(['nullish coalescing']);
    expect(features('a ||= b; a &&= b; a ??= b;')).toEqual(Array(3).fill('logical assignment'));
    expect(features('try { f(); } catch { g(); }')).toEqual(['optional catch binding']);
    expect(features('class A { x = 1; }')).toEqual(['class fields']);
    expect(features('class A { #x; m() { return this.#x; } }')).toContain('private class members');
    expect(features('class A { static { init(); } }')).toEqual(['class static blocks']);
    expect(features('const n = 10n;')).toEqual(['BigInt literals']);
    expect(features('const u = import.meta.url;')).toEqual(['import.meta']);
    expect(features('await x;')).toEqual(['top-level await']);
    expect(features('async function f() { await x; }')).toEqual([]);
    expect(features("export * as ns from './m.js';")).toEqual(['export * as name']);
    expect(features('/(?<year>\\d{4})/;')).toEqual(['regex named capture groups']);
    expect(features('/\\p{L}/u;')).toEqual(['regex Unicode property escapes']);
    expect(features('/a/d;')).toEqual(['regex flag d']);
  });

  // The build fails on any of these (engineSyntaxCheck in vite.config.ts); where a build is here,
  // its chunks are read again, as the TV reads them.
  const dist = join(import.meta.dirname, '../../dist/assets');
  it.skipIf(!existsSync(dist))('the built TV app holds none of them', () => {
    const chunks = readdirSync(dist).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    for (const f of chunks)
      expect({ f, found: syntaxNewerThanTarget(readFileSync(join(dist, f), 'utf8')) }).toEqual({
        f,
        found: [],
      });
  });
});
