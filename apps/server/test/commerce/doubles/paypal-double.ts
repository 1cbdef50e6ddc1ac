import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

type Json = Record<string, unknown>;
const fixture = (name: string): Json =>
  JSON.parse(readFileSync(join(__dirname, 'fixtures', `paypal-${name}.json`), 'utf8')) as Json;
const id = (n = 17) => randomBytes(n).toString('hex').toUpperCase().slice(0, n);

export interface PaypalRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  requestId: string | undefined;
  body: Json;
}

/** The signature the double accepts in verify-webhook-signature (PayPal checks it with its cert). */
export const VALID_PAYPAL_SIG = 'valid-transmission-sig';

/**
 * A local stand-in for api-m.paypal.com answering the calls the paypal gateways make, with
 * bodies shaped like PayPal's (fixtures/paypal-*.json): OAuth client credentials, orders,
 * captures (422 INSTRUMENT_DECLINED or ORDER_NOT_APPROVED), products, plans, subscriptions and
 * verify-webhook-signature. PayPal-Request-Id replays the first successful answer. `approve` plays
 * the buyer.
 */
export async function startPaypalDouble(
  opts: { clientId?: string; secret?: string; webhookId?: string } = {},
) {
  const clientId = opts.clientId ?? 'paypal-client';
  const secret = opts.secret ?? 'paypal-secret';
  const webhookId = opts.webhookId ?? 'WH-DOUBLE';
  const accessToken = `A21AA${id(24)}`;
  const requests: PaypalRequest[] = [];
  const orders = new Map<string, Json & { custom_id: string; decline?: boolean }>();
  const subs = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: string }>();

  function route(r: PaypalRequest): { status: number; body?: Json } {
    if (r.method === 'POST' && r.path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
      if (r.authorization !== basic)
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      return { status: 200, body: { ...fixture('token'), access_token: accessToken } };
    }
    if (r.authorization !== `Bearer ${accessToken}`)
      return {
        status: 401,
        body: {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials.',
        },
      };
    if (r.method === 'POST' && r.path === '/v2/checkout/orders') {
      const unit = (r.body.purchase_units as Json[])[0]!;
      const orderId = id();
      const order = {
        ...fixture('order-created'),
        id: orderId,
        links: [
          {
            href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${orderId}`,
            rel: 'self',
            method: 'GET',
          },
          {
            href: `https://www.sandbox.paypal.com/checkoutnow?token=${orderId}`,
            rel: 'payer-action',
            method: 'GET',
          },
        ],
        custom_id: String(unit.custom_id),
        amount: unit.amount,
        experience: (r.body.payment_source as Json).paypal,
      };
      orders.set(orderId, order);
      const { custom_id: _c, amount: _a, experience: _e, ...shape } = order;
      return { status: 200, body: shape };
    }
    const order = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(r.path);
    if (order) {
      const o = orders.get(order[1]!);
      if (!o)
        return {
          status: 404,
          body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
        };
      if (r.method === 'GET')
        return { status: 200, body: { id: o.id, status: o.status, ...(o.captured as Json) } };
      if (o.status !== 'APPROVED' && o.status !== 'COMPLETED') {
        const err = fixture('unprocessable');
        return { status: 422, body: { ...err, details: [{ issue: 'ORDER_NOT_APPROVED' }] } };
      }
      if (o.decline) return { status: 422, body: fixture('unprocessable') };
      if (o.status === 'COMPLETED')
        return {
          status: 422,
          body: { ...fixture('unprocessable'), details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
        };
      const captured = fixture('order-captured');
      const units = captured.purchase_units as { payments: { captures: Json[] } }[];
      const capture = {
        ...units[0]!.payments.captures[0]!,
        id: id(),
        custom_id: o.custom_id,
        amount: o.amount,
      };
      o.status = 'COMPLETED';
      o.captured = { purchase_units: [{ reference_id: o.custom_id, payments: { captures: [capture] } }] };
      return { status: 201, body: { ...captured, id: o.id, ...(o.captured as Json) } };
    }
    if (r.method === 'POST' && r.path === '/v1/catalogs/products')
      return { status: 201, body: { ...fixture('product'), id: `PROD-${id()}`, name: r.body.name } };
    if (r.method === 'POST' && r.path === '/v1/billing/plans')
      return {
        status: 201,
        body: {
          ...fixture('plan'),
          id: `P-${id(24)}`,
          product_id: r.body.product_id,
          billing_cycles: r.body.billing_cycles,
        },
      };
    if (r.method === 'POST' && r.path === '/v1/billing/subscriptions') {
      const subId = `I-${id(12)}`;
      const sub = {
        ...fixture('subscription'),
        id: subId,
        plan_id: r.body.plan_id,
        custom_id: r.body.custom_id,
        links: [
          {
            href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-${subId}`,
            rel: 'approve',
            method: 'GET',
          },
          {
            href: `https://api-m.sandbox.paypal.com/v1/billing/subscriptions/${subId}`,
            rel: 'self',
            method: 'GET',
          },
        ],
      };
      subs.set(subId, sub);
      return { status: 201, body: sub };
    }
    const sub = /^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(activate|cancel))?$/.exec(r.path);
    if (sub) {
      const s = subs.get(sub[1]!);
      if (!s)
        return {
          status: 404,
          body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
        };
      if (r.method === 'GET') return { status: 200, body: s };
      if (sub[2] === 'activate') {
        if (s.status !== 'APPROVED' && s.status !== 'SUSPENDED')
          return {
            status: 422,
            body: { ...fixture('unprocessable'), details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] },
          };
        s.status = 'ACTIVE';
        return { status: 204 };
      }
      if (s.status === 'CANCELLED')
        return {
          status: 422,
          body: { ...fixture('unprocessable'), details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] },
        };
      s.status = 'CANCELLED';
      return { status: 204 };
    }
    if (r.method === 'POST' && r.path === '/v1/notifications/verify-webhook-signature') {
      const ok =
        r.body.webhook_id === webhookId &&
        r.body.transmission_sig === VALID_PAYPAL_SIG &&
        typeof r.body.webhook_event === 'object';
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } };
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const h = (n: string) => {
        const v = req.headers[n];
        return Array.isArray(v) ? v[0] : v;
      };
      let body: Json = {};
      if (raw && h('content-type')?.includes('json')) body = JSON.parse(raw) as Json;
      const r: PaypalRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        authorization: h('authorization'),
        requestId: h('paypal-request-id'),
        body,
      };
      requests.push(r);
      const key = r.requestId ? `${r.path}:${r.requestId}` : null;
      const replay = key ? replays.get(key) : undefined;
      const out =
        replay ??
        (() => {
          const o = route(r);
          return { status: o.status, body: o.body ? JSON.stringify(o.body) : '' };
        })();
      // Only answers that did something are replayed; a refused call may be retried.
      if (key && !replay && out.status < 300) replays.set(key, out);
      res.writeHead(out.status, {
        'content-type': 'application/json',
        'paypal-debug-id': id(13).toLowerCase(),
      });
      res.end(out.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    secret,
    webhookId,
    requests,
    orders,
    subs,
    /** The buyer approves at PayPal (optionally with an instrument that will decline). */
    approve(ref: string, opts: { decline?: boolean } = {}) {
      const o = orders.get(ref);
      if (o) {
        o.status = 'APPROVED';
        o.decline = opts.decline;
        return;
      }
      const s = subs.get(ref);
      if (!s) throw new Error(`no such order or subscription ${ref}`);
      s.status = 'APPROVED';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PaypalDouble = Awaited<ReturnType<typeof startPaypalDouble>>;

/** The server's PayPal settings pointing at a running double. */
export const paypalEnv = (pp: PaypalDouble) => ({
  PAYPAL_CLIENT_ID: pp.clientId,
  PAYPAL_SECRET: pp.secret,
  PAYPAL_API_BASE: pp.url,
  PAYPAL_WEBHOOK_ID: pp.webhookId,
});
