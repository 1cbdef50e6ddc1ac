import type { InjectOptions } from 'fastify';
import { ROUTE_ACCESS } from './route-access';
import type { RegisteredRoute, SecurityWorld } from './world';
import { sampleOf } from './zod-values';

/** Path parameters every route shares unless its entry names others. */
const DEFAULT_PARAMS: Record<string, string> = { site: 'acme', uid: 'v1', '*': 'index.m3u8' };

/** A path with its `:name` parameters (and a trailing `*`) replaced by the given values. */
export function fillPath(url: string, values: Record<string, unknown>): string {
  return url
    .replace(/:(\w+)/g, (_, name: string) => encodePart(String(values[name] ?? 'x'), encodeURIComponent))
    .replace(/\*$/, encodePart(String(values['*'] ?? 'x'), encodeURI));
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Percent-encodes a path part; a lone surrogate (no UTF-8 form) is sent as the bytes of an encoded
 * surrogate, which is not valid UTF-8: the server must refuse it cleanly too.
 */
function encodePart(text: string, encode: (s: string) => string): string {
  return text
    .split(LONE_SURROGATE)
    .map((part) => encode(part))
    .join('%ED%A0%80');
}

/**
 * The request the matrix sends for a route: valid-looking params (A's resources where the entry
 * names them), query and body from the contract's schemas or the entry's own.
 */
export function validRequest(world: SecurityWorld, route: RegisteredRoute): InjectOptions {
  return requestWith(world, route, {});
}

/** The valid-looking request with some path parameters replaced (raw values, encoded here). */
export function requestWith(
  world: SecurityWorld,
  route: RegisteredRoute,
  paramOverrides: Record<string, string>,
): InjectOptions {
  const entry = ROUTE_ACCESS[route.key];
  const params: Record<string, unknown> = {
    ...(sampleOf(route.params) as Record<string, unknown> | undefined),
    ...DEFAULT_PARAMS,
  };
  for (const [k, v] of Object.entries(entry?.params ?? {})) params[k] = world.ids[v] ?? v;
  Object.assign(params, paramOverrides);
  const query = { ...(sampleOf(route.querystring) as object | undefined), ...entry?.query };
  const body = resolveIds(
    world,
    entry?.body !== undefined ? entry.body : route.body ? sampleOf(route.body) : undefined,
  );
  return {
    method: route.method as InjectOptions['method'],
    url: fillPath(route.url, params),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    headers: route.headers ? { 'idempotency-key': `matrix-${Math.random().toString(36).slice(2)}` } : {},
  };
}

/** A body with `$name` strings (nested objects too) replaced by the ids of A's resources. */
function resolveIds(world: SecurityWorld, body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [
      k,
      typeof v === 'string' && v.startsWith('$') ? (world.ids[v.slice(1)] ?? v) : resolveIds(world, v),
    ]),
  );
}
