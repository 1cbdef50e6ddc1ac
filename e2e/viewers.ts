import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

// Fresh viewers for tests that buy things: each signs up through the API (solving the ALTCHA
// challenge with the server's own solver, as the signup widget does), so no two tests share
// purchases and the tests run again on the same data directory.

/** The e2e server's data directory (its SQLite file is `marquee.sqlite`). */
export const e2eDataDir = process.env.E2E_DATA_DIR ?? join(import.meta.dirname, '../data/e2e');

const serverRequire = createRequire(join(import.meta.dirname, '../apps/server/package.json'));
const { solveChallenge } = serverRequire('altcha-lib') as {
  solveChallenge: (o: { challenge: unknown; deriveKey: unknown }) => Promise<unknown>;
};
const { deriveKey } = serverRequire('altcha-lib/algorithms/pbkdf2') as { deriveKey: unknown };

export type Login = {
  token: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; email: string };
};

/** A solved captcha token for the demo site (signup, addCard, purchase). */
export async function solvedCaptcha(): Promise<string> {
  const baseUrl = inject('baseUrl');
  const challenge = (await (await fetch(`${baseUrl}/v2/sites/demo/captcha/challenge`)).json()) as unknown;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Calls the demo site's API; a JSON body is sent when there is one. */
export async function callApi<T>(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${inject('baseUrl')}${path}${path.includes('?') ? '&' : '?'}__site=demo`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export const VIEWER_PASSWORD = 'e2e-viewer-pass-1';

/** A fresh user of the demo site, signed up through the API. */
export async function signUpViewer(name: string): Promise<Login & { email: string }> {
  const email = `e2e-${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@marquee.test`;
  const res = await callApi<Login>(null, 'POST', '/v2/me/auth/signup', {
    firstName: 'Pat',
    lastName: name,
    email,
    password: VIEWER_PASSWORD,
    site: 'demo',
    terms: true,
    captchaToken: await solvedCaptcha(),
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return { ...res.body, email };
}

/** A page signed in as `login` (the session the web app stores after a login); phone-sized unless said. */
export async function pageSignedInAs(
  browser: Browser,
  login: Login,
  viewport = { width: 390, height: 844 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((s) => {
    if (localStorage.getItem('marquee.session')) return;
    localStorage.setItem(
      'marquee.session',
      JSON.stringify({
        accessToken: s.token,
        refreshToken: s.refreshToken,
        expiresAt: Date.now() + s.expiresIn * 1000,
        user: s.user,
      }),
    );
    localStorage.setItem('marquee.accessToken', s.token);
  }, login);
  return context.newPage();
}

/** A 1920×1080 TV page signed in as `login` (the three session keys the TV keeps after activation). */
export async function tvPageSignedInAs(browser: Browser, login: Login): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript((s) => {
    if (localStorage.getItem('marquee.tv.accessToken')) return;
    localStorage.setItem('marquee.tv.accessToken', s.token);
    localStorage.setItem('marquee.tv.refreshToken', s.refreshToken);
    localStorage.setItem('marquee.tv.expiresAt', String(Date.now() + s.expiresIn * 1000));
  }, login);
  return context.newPage();
}

/** The first link to `path` in a mail the e2e server sent to `to` (polls the local SMTP sink). */
export async function mailedLink(to: string, path: string): Promise<URL> {
  const pattern = new RegExp(`https?://\\S+${path}\\S*`);
  for (let i = 0; i < 60; i++) {
    const mails = (await (await fetch(inject('mailboxUrl'))).json()) as Array<{ to: string[]; text: string }>;
    const link = mails.find((m) => m.to.includes(to))?.text.match(pattern)?.[0];
    if (link) return new URL(link);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} with a ${path} link`);
}

export const BILLING = {
  address1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  countryCode: 'US',
};
/** Card expiry: in the future, within the 10 years the card rules allow. */
const EXP_YEAR = new Date().getUTCFullYear() + 2;
export const CARD = {
  firstName: 'Pat',
  lastName: 'Buyer',
  month: 12,
  year: EXP_YEAR,
  cardCode: '123',
  zip: '62701',
};

/** Buys `bundleId` through the API with a new 4242 card (saved as the user's card). */
export async function buy(
  token: string,
  bundleId: string,
  card = '4242424242424242',
  type: 'Bundle' | 'Rental' = 'Bundle',
) {
  const res = await callApi<{ purchase: { id: string } }>(
    token,
    'POST',
    '/api/payment/subscribe',
    {
      gateway: 'test',
      gatewayMethod: 'newCard',
      gatewayData: {
        card: { ...CARD, cardNumber: card },
      },
      resourceId: bundleId,
      type,
      billingAddress: BILLING,
      disclaimerAccepted: true,
      recaptchaToken: await solvedCaptcha(),
    },
    { 'Idempotency-Key': `e2e-${bundleId}-${Date.now()}-${Math.random()}` },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.purchase;
}
