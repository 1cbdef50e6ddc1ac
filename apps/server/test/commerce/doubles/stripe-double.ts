import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { TEST_CARDS } from '../../../src/modules/commerce/gateways/test-gateway';

type Json = Record<string, unknown>;
const fixture = (name: string): Json =>
  JSON.parse(readFileSync(join(__dirname, 'fixtures', `stripe-${name}.json`), 'utf8')) as Json;
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** Stripe's test cards and what the double does with them (the same numbers as the test gateway). */
const DECLINES: Record<string, string> = {
  [TEST_CARDS.declined]: 'generic_decline',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.expiredCard]: 'expired_card',
};

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/**
 * A local stand-in for api.stripe.com answering the calls the stripe gateway makes, with bodies
 * shaped like Stripe's (fixtures/stripe-*.json, recorded shapes): form-encoded requests, Bearer
 * auth, Idempotency-Key replays (the same key answers the first response), card errors as 402.
 * The lostResponse card is charged and then the connection is dropped before the answer.
 */
export async function startStripeDouble(secretKey = 'sk_test_double') {
  const requests: RecordedRequest[] = [];
  const methods = new Map<string, Json & { number: string }>();
  const intents = new Map<string, Json>();
  const replays = new Map<string, { status: number; body: string }>();

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString('utf8')));
      req.on('end', () => resolve(data));
    });

  function route(r: RecordedRequest, url: URL): { status: number; body: Json } | 'drop' {
    const f = r.form;
    if (r.method === 'POST' && r.path === '/v1/payment_methods') {
      const number = f.get('card[number]') ?? '';
      const pm = {
        ...fixture('payment-method'),
        id: id('pm'),
        card: {
          ...(fixture('payment-method').card as Json),
          last4: number.slice(-4),
          exp_month: Number(f.get('card[exp_month]')),
          exp_year: Number(f.get('card[exp_year]')),
        },
      };
      methods.set(pm.id, { ...pm, number });
      return { status: 200, body: pm };
    }
    if (r.method === 'POST' && r.path === '/v1/customers')
      return {
        status: 200,
        body: {
          ...fixture('customer'),
          id: id('cus'),
          email: f.get('email'),
          metadata: { user_id: f.get('metadata[user_id]') },
        },
      };
    if (r.method === 'POST' && r.path === '/v1/setup_intents') {
      const pm = methods.get(f.get('payment_method') ?? '');
      if (!pm) return missing('payment_method');
      if (pm.number === TEST_CARDS.validationFails)
        return {
          status: 402,
          body: {
            error: {
              code: 'incorrect_cvc',
              message: "Your card's security code is incorrect.",
              param: 'cvc',
              type: 'card_error',
            },
          },
        };
      pm.customer = f.get('customer');
      return {
        status: 200,
        body: {
          ...fixture('setup-intent'),
          id: id('seti'),
          customer: f.get('customer'),
          payment_method: pm.id,
        },
      };
    }
    if (r.method === 'POST' && r.path === '/v1/payment_intents') {
      const pm = methods.get(f.get('payment_method') ?? '');
      if (!pm || pm.detached) return missing('payment_method');
      const decline = DECLINES[pm.number];
      const pi: Json = {
        ...fixture('payment-intent'),
        id: id('pi'),
        amount: Number(f.get('amount')),
        amount_received: decline ? 0 : Number(f.get('amount')),
        currency: f.get('currency'),
        customer: f.get('customer'),
        description: f.get('description'),
        payment_method: pm.id,
        metadata: { charge_id: f.get('metadata[charge_id]') },
        status: decline ? 'requires_payment_method' : 'succeeded',
        last_payment_error: decline
          ? {
              code: 'card_declined',
              decline_code: decline,
              message: 'Your card was declined.',
              type: 'card_error',
            }
          : null,
      };
      intents.set(pi.id as string, pi);
      if (pm.number === TEST_CARDS.lostResponse) return 'drop';
      if (decline) {
        const err = fixture('card-error').error as Json;
        return { status: 402, body: { error: { ...err, decline_code: decline, payment_intent: pi } } };
      }
      return { status: 200, body: pi };
    }
    if (r.method === 'GET' && r.path === '/v1/payment_intents/search') {
      const m = /metadata\['charge_id'\]:'([^']*)'/.exec(url.searchParams.get('query') ?? '');
      const data = [...intents.values()].filter((pi) => m && (pi.metadata as Json).charge_id === m[1]);
      return {
        status: 200,
        body: {
          object: 'search_result',
          data,
          has_more: false,
          next_page: null,
          url: '/v1/payment_intents/search',
        },
      };
    }
    if (r.method === 'POST' && r.path === '/v1/refunds') {
      const pi = intents.get(f.get('payment_intent') ?? '');
      if (!pi || pi.status !== 'succeeded') return missing('payment_intent');
      return {
        status: 200,
        body: { ...fixture('refund'), id: id('re'), payment_intent: pi.id, amount: pi.amount },
      };
    }
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(r.path);
    if (r.method === 'POST' && detach) {
      const pm = methods.get(detach[1]!);
      if (!pm || pm.detached) return missing('payment_method');
      pm.detached = true;
      const { number: _n, detached: _d, ...shape } = pm;
      return { status: 200, body: { ...shape, customer: null } };
    }
    return missing('path');
  }

  function missing(param: string) {
    const err = fixture('invalid-request').error as Json;
    return { status: 404, body: { error: { ...err, param, message: `No such ${param}` } } };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const raw = await readBody(req);
      const header = (n: string) => {
        const v = req.headers[n];
        return Array.isArray(v) ? v[0] : v;
      };
      const r: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        authorization: header('authorization'),
        idempotencyKey: header('idempotency-key'),
        form: new URLSearchParams(raw),
      };
      requests.push(r);
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(body);
      };
      if (r.authorization !== `Bearer ${secretKey}`) {
        send(
          401,
          JSON.stringify({
            error: { message: 'Invalid API Key provided', type: 'invalid_request_error' },
          }),
        );
        return;
      }
      // Stripe replays the first answer of a key (POST only).
      const replayKey = r.method === 'POST' && r.idempotencyKey ? `${r.path}:${r.idempotencyKey}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        res.setHeader('idempotent-replayed', 'true');
        send(replay.status, replay.body);
        return;
      }
      const out = route(r, url);
      if (out === 'drop') {
        res.destroy();
        return;
      }
      const body = JSON.stringify(out.body);
      if (replayKey) replays.set(replayKey, { status: out.status, body });
      send(out.status, body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    intents,
    methods,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;
