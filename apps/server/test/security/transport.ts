import type { FastifyInstance, InjectOptions } from 'fastify';

/** A request of the guards: what `inject` takes, sent from `remoteAddress`. */
export type GuardRequest = InjectOptions & { remoteAddress?: string };
export type GuardAnswer = { statusCode: number; body: string };
/** How the guards reach the app: in process, or over HTTP to a cluster. */
export type Send = (request: GuardRequest) => Promise<GuardAnswer>;

/** The app in this process, through Fastify's inject. */
export const injectInto =
  (app: FastifyInstance): Send =>
  async (request) => {
    const res = await app.inject(request);
    return { statusCode: res.statusCode, body: res.body };
  };

/**
 * Over HTTP to `base` (the cluster's nginx): the request as inject would send it, its
 * `remoteAddress` as X-Forwarded-For, which nginx believes only from callers it lists in
 * set_real_ip_from (the cluster tests list 127.0.0.1). Redirects are answered, not followed.
 */
export const sendOverHttp =
  (base: string): Send =>
  async ({ method = 'GET', url, query, payload, headers = {}, remoteAddress }) => {
    const target = new URL(typeof url === 'string' ? url : String(url), base);
    for (const [k, v] of Object.entries((query ?? {}) as Record<string, string>))
      target.searchParams.append(k, v);
    const sent: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) if (v !== undefined) sent[k.toLowerCase()] = String(v);
    if (remoteAddress) sent['x-forwarded-for'] = remoteAddress;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (typeof payload === 'string') body = payload;
    else if (Buffer.isBuffer(payload)) body = new Uint8Array(payload);
    else if (payload !== undefined && payload !== null) {
      body = JSON.stringify(payload);
      sent['content-type'] ??= 'application/json';
    }
    const res = await fetch(target, { method, headers: sent, body, redirect: 'manual' });
    return { statusCode: res.status, body: await res.text() };
  };
