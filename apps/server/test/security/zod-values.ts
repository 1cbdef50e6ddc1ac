import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Values derived from the routes' contract schemas (zod 4): one valid-looking sample per schema
 * (the authorization matrix sends it, so a refusal is about who asks, not about the request), and
 * fast-check arbitraries of malformed values built around that sample (the fuzz suite).
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  defaultValue?: unknown;
  format?: string;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Strings tried in order for a string leaf; the first its schema accepts is the sample. */
const STRING_CANDIDATES = [
  'sample-1',
  'a@example.com',
  'https://example.com/x',
  '2026-03-01T12:00:00.000Z',
  '2026-03-01',
  '00000000-0000-4000-8000-000000000000',
  'AAAAAAAAAAAAAAAAAAAAAAAA',
  'abc',
  'x',
  'US',
  '#336699',
  'https://example.com',
  '123',
  '1',
  'pre',
  'ad-1.mp4',
  '4111111111111111',
];

/** The first candidate a string schema accepts (the schema's checks and refinements included). */
function sampleString(schema: z.ZodType): unknown {
  for (const s of STRING_CANDIDATES) if (schema.safeParse(s).success) return s;
  for (let n = 1; n <= 200; n *= 2) {
    const s = 'a'.repeat(n);
    if (schema.safeParse(s).success) return s;
  }
  return 'sample';
}

/**
 * A value the schema accepts when one is easy to find: required fields filled, optional ones left
 * out, defaults taken, the first option of a union, numbers inside their bounds.
 */
export function sampleOf(schema: z.ZodType | undefined, depth = 0): unknown {
  if (!schema || depth > 12) return undefined;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const t = defOf(field).type;
        if (t === 'optional' || t === 'default' || t === 'prefault') continue;
        out[key] = sampleOf(field, depth + 1);
      }
      return out;
    }
    case 'string':
    case 'template_literal':
      return sampleString(schema);
    case 'number':
    case 'int':
    case 'bigint':
      for (const n of [1, 0, 10, 100, 2026, 12, 0.5, -1]) if (schema.safeParse(n).success) return n;
      return 1;
    case 'boolean':
      return schema.safeParse(true).success ? true : false;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return schema.safeParse([]).success ? [] : [sampleOf(def.element, depth + 1)];
    case 'tuple':
      return (def.items ?? []).map((i) => sampleOf(i, depth + 1));
    case 'record':
      return {};
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
    case 'promise':
    case 'lazy':
      return sampleOf(def.innerType, depth + 1);
    case 'default':
    case 'prefault':
      return typeof def.defaultValue === 'function'
        ? (def.defaultValue as () => unknown)()
        : def.defaultValue;
    case 'union': {
      for (const o of def.options ?? []) {
        const v = sampleOf(o, depth + 1);
        if (schema.safeParse(v).success) return v;
      }
      return sampleOf(def.options?.[0], depth + 1);
    }
    case 'intersection':
      return { ...(sampleOf(def.left, depth + 1) as object), ...(sampleOf(def.right, depth + 1) as object) };
    case 'pipe': {
      const v = sampleOf(def.in, depth + 1);
      if (typeof v === 'string' && !schema.safeParse(v).success) return sampleString(schema);
      return v;
    }
    case 'null':
      return null;
    case 'date':
      return '2026-03-01T12:00:00.000Z';
    default:
      return 'sample';
  }
}

/** The object schema under wrappers (optional, default, pipe…), or undefined for other kinds. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let s = schema;
  for (let i = 0; s && i < 10; i++) {
    const def = defOf(s);
    if (def.type === 'object') return def.shape;
    s = def.type === 'pipe' ? def.in : def.innerType;
  }
  return undefined;
}

/** Object keys that, merged carelessly, would reach Object.prototype. */
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Strings that break naive code: empty, huge, control and non-BMP characters, injections, traversal. */
const NASTY_STRING = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '%00',
    '../../etc/passwd',
    '..%2f..%2f',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '${7*7}',
    '\u202e\u0301\ud83d\ude00',
    '\ud800',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    'null',
    'true',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1_001, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

const NASTY_NUMBER = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    1.5,
    -2_147_483_649,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    1e308,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A JSON value nested `depth` levels deep (arrays or objects). */
const deeplyNested = fc.tuple(fc.integer({ min: 50, max: 2_000 }), fc.boolean()).map(([depth, arrays]) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});

/** Any malformed value: wrong type, nasty string or number, deep nesting, a polluting object. */
export const WRONG_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  NASTY_STRING,
  NASTY_NUMBER,
  fc.constantFrom(null, true, false, [], {}, [[]], { '': '' }),
  deeplyNested,
  fc
    .constantFrom(...POLLUTION_KEYS)
    .map((k) => JSON.parse(`{"${k}":{"isAdmin":true,"polluted":1}}`) as unknown),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Keeps only own properties, so a `__proto__` key stays a key when serialized. */
const withKey = (o: Record<string, unknown>, key: string, value: unknown) => {
  const copy = JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
};

/**
 * Malformed variants of a schema's sample: one field set to a wrong value, one required field left
 * out, an unknown or prototype-polluting key added, or the whole value replaced.
 */
export function malformedOf(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const base = (sampleOf(schema) ?? {}) as Record<string, unknown>;
  const shape = objectShape(schema) ?? {};
  const keys = Object.keys(shape);
  const required = keys.filter((k) => k in base);
  const variants: fc.Arbitrary<unknown>[] = [
    WRONG_VALUE,
    fc
      .tuple(fc.constantFrom(...POLLUTION_KEYS, 'unknownField'), WRONG_VALUE)
      .map(([k, v]) => withKey(base, k, v)),
  ];
  if (keys.length > 0) {
    variants.push(fc.tuple(fc.constantFrom(...keys), WRONG_VALUE).map(([k, v]) => withKey(base, k, v)));
    // Two fields wrong at once, the rest valid.
    variants.push(
      fc
        .tuple(fc.constantFrom(...keys), WRONG_VALUE, fc.constantFrom(...keys), WRONG_VALUE)
        .map(([k1, v1, k2, v2]) => withKey(withKey(base, k1, v1), k2, v2)),
    );
  }
  if (required.length > 0)
    variants.push(
      fc.constantFrom(...required).map((k) => {
        const copy = { ...base };
        delete copy[k];
        return copy;
      }),
    );
  return fc.oneof(...variants);
}
