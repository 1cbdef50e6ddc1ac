import { ErrorResponse } from '@marquee/contract';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * The OpenAPI 3.1 document of the API (decision 0041): generated from the zod contract, linted by
 * Redocly's recommended rules (redocly.yaml), and the source of the integrators' SDK (packages/sdk).
 * Each route's `schema` names its operationId, summary, tags and security with the values below.
 */

/** The security scheme a signed-in call names: `Authorization: Bearer <access token>`. */
export const BEARER = 'bearer';

/** `security` of a route's schema: who may call it. */
export const security = {
  /** No token needed (a token, when sent, is ignored or only personalises). */
  public: [] as Array<Record<string, string[]>>,
  /** Anonymous or signed in: the answer depends on the viewer when a bearer token is sent. */
  optionalUser: [{}, { [BEARER]: [] }] as Array<Record<string, string[]>>,
  /** A signed-in user's bearer token. */
  user: [{ [BEARER]: [] }] as Array<Record<string, string[]>>,
  /** A bearer token of a user holding the site's `admin` role (OpenAPI 3.1 lists roles in the array). */
  admin: [{ [BEARER]: ['admin'] }] as Array<Record<string, string[]>>,
};

/** `home-movie` → `HomeMovie`: names the operationId of a route registered in a loop. */
export const pascal = (name: string) =>
  name.replace(/(^|[-_])([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase());

/** The error responses a route lists, each the `{ error: { code, message, field? } }` shape. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse])) as Record<S, typeof ErrorResponse>;
}

/** The areas the operations are grouped by on /api/docs, in order, each with what it covers. */
export const TAGS = [
  {
    name: 'sites',
    description: "A site's branding, settings and legal texts: what every client reads first.",
  },
  {
    name: 'catalog',
    description: 'Public reads of the catalog: channels, videos, series, playlists, live, tabs.',
  },
  { name: 'search', description: "Full-text search of a site's published content." },
  { name: 'playback', description: 'Signed stream URLs for videos and live channels, and oEmbed.' },
  {
    name: 'gifs',
    description: "Viewers' gifs of videos: made by a job with ffmpeg, listed per video, served as files.",
  },
  {
    name: 'moments',
    description: "Viewers' timed comments on videos, and a video's share info (a moment or gif it names).",
  },
  {
    name: 'moderation',
    description: "Viewers' reports of moments and gifs; staff hide the item or dismiss the reports.",
  },
  { name: 'sharing', description: 'Short links per share target, followed and counted.' },
  { name: 'ads', description: 'VAST ad breaks, their tracking pixels and creatives.' },
  { name: 'analytics', description: 'Viewing events (anonymous or signed in), and the summary for admins.' },
  { name: 'auth', description: 'Sign-up, login, tokens, social login, captcha and password recovery.' },
  {
    name: 'me',
    description: "The signed-in viewer's account, watch progress, watch list, favorites and library.",
  },
  {
    name: 'watch-party',
    description:
      'Watch parties: create, join, start, end, change host; their sync runs over the realtime socket.',
  },
  {
    name: 'chat',
    description: 'Live chat: tokens for the realtime rooms, messages, history, mutes, bans (decision 0045).',
  },
  { name: 'devices', description: 'TV activation by code (second screens) and the signed-in devices.' },
  {
    name: 'commerce',
    description: 'Bundles, rentals, coupons, checkout, saved cards, gifts, donations and webhooks.',
  },
  { name: 'admin', description: "Calls for the site's admins (bearer token of a user with role admin)." },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

/** What each error status means across the API; every error body is `ErrorResponse`. */
const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Bad input: `error.field` names the field (`error.code` is `invalid` or a specific code)',
  '401': 'No valid bearer token (`unauthorized`, or `tokenExpired` for an expired one)',
  '402': 'The payment was declined',
  '403': 'Not allowed for this user or site',
  '404': 'The site or the item does not exist',
  '409': 'Conflicts with the current state',
  '410': 'Gone: the code or link expired',
  '429': 'Too many attempts: retry after the Retry-After header',
  '501': 'Not implemented for this request',
  '502': 'An upstream service (payment gateway, identity provider) failed',
  '503': 'A dependency is switched off or unavailable',
};

type Doc = OpenAPIV3_1.Document;

/** Every `#/components/schemas/…` name the value refers to. */
function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/'))
        found.add(v.slice('#/components/schemas/'.length));
      else refsIn(v, found);
    }
  }
}

/** Keeps only the component schemas the paths use, directly or through other components. */
export function pruneUnusedSchemas(doc: Doc): Doc {
  const schemas = doc.components?.schemas ?? {};
  const used = new Set<string>();
  refsIn(doc.paths, used);
  const queue = [...used];
  while (queue.length) {
    const more = new Set<string>();
    refsIn(schemas[queue.pop()!], more);
    for (const name of more) {
      if (used.has(name)) continue;
      used.add(name);
      queue.push(name);
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...doc.components, schemas: kept } };
}

/** Drops the `$schema` the converter writes into each route schema: the document names the dialect once. */
function stripSchemaKeywords(value: unknown): void {
  if (Array.isArray(value)) for (const v of value) stripSchemaKeywords(v);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$schema === 'string') delete record.$schema;
    for (const v of Object.values(record)) stripSchemaKeywords(v);
  }
}

/** The demo site (`npm run seed`): what /api/docs fills in, so "Try it out" runs against it. */
export const DEMO_SITE = 'demo';
/** Example values of parameters by where they go and their name. */
const PARAMETER_EXAMPLES: Record<string, Record<string, string>> = {
  path: { site: DEMO_SITE },
  query: { __site: DEMO_SITE },
};

/** Gives each error response its meaning, admin calls the role note, and parameters the demo site. */
function describeOperations(doc: Doc): void {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      for (const parameter of (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) {
        const example = PARAMETER_EXAMPLES[parameter.in]?.[parameter.name];
        if (example !== undefined && parameter.example === undefined) parameter.example = example;
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const text = ERROR_DESCRIPTIONS[status];
        if (text && response && 'description' in response) response.description = text;
      }
      if (op.security?.some((s) => s[BEARER]?.includes('admin'))) {
        const note = "Requires the bearer token of a user holding the site's `admin` role.";
        op.description = op.description ? `${op.description}\n\n${note}` : note;
      }
    }
  }
}

/** OpenAPI 3.1's own dialect: JSON Schema 2020-12 with the OpenAPI vocabulary. */
const JSON_SCHEMA_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/** The zod → JSON Schema 2020-12 conversion of OpenAPI 3.1 (fastify-type-provider-zod). */
const zodToJsonConfig = { target: 'draft-2020-12' } as const;
const transformObject = createJsonSchemaTransformObject({ zodToJsonConfig });

/** @fastify/swagger-ui options of /api/docs: operations grouped by tag (collapsed), ids shown, runnable. */
export const swaggerUiOptions: FastifySwaggerUiOptions = {
  routePrefix: '/api/docs',
  uiConfig: {
    docExpansion: 'none',
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    filter: true,
    tryItOutEnabled: true,
  },
};

/** @fastify/swagger options: the document's head, the security scheme, tags, and its schema transforms. */
export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Marquee API',
      version: '2.0.0',
      description:
        'White-label video streaming platform. Site-scoped calls name their site in the path ' +
        '(`/v2/sites/{site}/…`; the demo site is `demo`); `/api/…` calls resolve the site from the ' +
        'host name or the `__site` query parameter. Errors answer `{ error: { code, message, field? } }`. ' +
        'Any call may answer 503 `serviceUnavailable` with `Retry-After` while a store it needs (Redis, ' +
        'PostgreSQL) is briefly unreachable; a 429 carries `Retry-After` too.\n\n' +
        'Try it out: the parameters are filled in with the demo site. On a server seeded with the demo ' +
        '(`npm start`), sign in with `POST /v2/me/auth/login` (`viewer@marquee.test` / `marquee-viewer`), ' +
        'then **Authorize** with the `token` it answers for the calls that need a bearer token.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Marquee' },
    },
    // Relative: each white-label host serves the same API (locally http://localhost:3000, `npm start`).
    servers: [{ url: '/', description: 'The host serving this document' }],
    tags: TAGS.map((t) => ({ ...t })),
    components: {
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of POST /v2/me/auth/login (or signup, refresh-access).',
        },
      },
    },
  },
  transform: createJsonSchemaTransform({ zodToJsonConfig }),
  // Names the schemas that carry .meta({ id }) as components/schemas and refers to them; then
  // drops the ones no operation uses and describes the error responses.
  transformObject: (input) => {
    const { openapi, ...rest } = pruneUnusedSchemas(transformObject(input) as Doc);
    const doc: Doc = { openapi, jsonSchemaDialect: JSON_SCHEMA_DIALECT, ...rest };
    stripSchemaKeywords(doc.paths);
    stripSchemaKeywords(doc.components);
    describeOperations(doc);
    return doc as ReturnType<typeof transformObject>;
  },
};
