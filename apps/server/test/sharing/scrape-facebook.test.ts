import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// POST /api/scrape/facebook {url} (discovery-and-site §7 Gifs; decision 0060) against a local
// stand-in of the Graph API speaking its documented re-scrape call: POST / with the form fields id,
// scrape=true and access_token; the URL object answered, or { error: { message, type, code } }.
const TOKEN = '1234|app-secret';
type Seen = { method: string; path: string; contentType: string; form: Record<string, string> };
let graph: Server;
let graphUrl: string;
const seen: Seen[] = [];

let on: AccountsHarness;
let off: AccountsHarness;
const tokens: Record<string, string> = {};

function startGraph(): Promise<void> {
  graph = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      seen.push({
        method: req.method!,
        path: req.url!,
        contentType: req.headers['content-type'] ?? '',
        form,
      });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (form.access_token !== TOKEN)
        return reply(400, {
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        });
      if (form.id?.includes('refused'))
        return reply(400, {
          error: { message: '(#100) The parameter id is invalid', type: 'OAuthException', code: 100 },
        });
      if (form.scrape !== 'true') return reply(400, { error: { message: 'scrape missing' } });
      reply(200, {
        url: form.id,
        type: 'video.other',
        title: 'Video one',
        description: 'The first video',
        image: [{ url: 'https://tv.acme.test/thumbs/v1.jpg', width: 1280, height: 720 }],
        updated_time: '2026-03-01T10:00:00+0000',
        id: '987654321',
      });
    });
  });
  return new Promise((resolve) =>
    graph.listen(0, '127.0.0.1', () => {
      graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v19.0`;
      resolve();
    }),
  );
}

const sites = () => [
  newSiteRow('acme', 'Acme', { hosts: '["tv.acme.test"]' }),
  newSiteRow('other', 'Other', { hosts: '["other.test"]' }),
];

beforeAll(async () => {
  await startGraph();
  on = await accountsHarness({
    sites: sites(),
    env: { FACEBOOK_APP_TOKEN: TOKEN, FACEBOOK_GRAPH_URL: graphUrl },
  });
  off = await accountsHarness({ sites: sites() });
  for (const t of [on, off]) await t.insertUser({ id: 'u1', site_uid: 'acme', email: 'u1@acme.test' });
  tokens.on = await on.accessTokenFor({ id: 'u1', site: 'acme', email: 'u1@acme.test' });
  tokens.off = await off.accessTokenFor({ id: 'u1', site: 'acme', email: 'u1@acme.test' });
});
afterAll(async () => {
  await Promise.all([on.h.close(), off.h.close()]);
  await new Promise((r) => graph.close(r));
});

const scrape = (t: AccountsHarness, body: unknown, token?: string, site = 'acme') =>
  t.h.app.inject({
    method: 'POST',
    url: `/api/scrape/facebook?__site=${site}`,
    headers: { ...bearer(token), host: 'tv.acme.test' },
    payload: body as object,
  });

describe('POST /api/scrape/facebook refuses', () => {
  it('401s without a token, before any 400', async () => {
    expect((await scrape(on, {})).statusCode).toBe(401);
    expect((await scrape(on, { url: 'https://tv.acme.test/watch/v1' })).statusCode).toBe(401);
  });

  it('400s a missing, malformed, non-http or too long url, naming it', async () => {
    for (const body of [
      {},
      { url: '' },
      { url: 'not a url' },
      { url: 'ftp://tv.acme.test/x' },
      { url: 'javascript:alert(1)' },
      { url: `https://tv.acme.test/${'x'.repeat(2050)}` },
      { url: 42 },
    ]) {
      const res = await scrape(on, body, tokens.on);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error.field).toBe('url');
    }
  });

  it('400s a URL of another host: the app token is spent on this site’s pages only', async () => {
    const res = await scrape(on, { url: 'https://evil.example/page' }, tokens.on);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      field: 'url',
      message: 'url must be a page of this site (one of its hosts)',
    });
  });

  it('403s a user of another site and 404s an unknown site', async () => {
    const res = await scrape(on, { url: 'https://other.test/watch/o1' }, tokens.on, 'other');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('wrongSite');
    expect((await scrape(on, { url: 'https://tv.acme.test/' }, tokens.on, 'nowhere')).statusCode).toBe(404);
  });

  it('503s with a clear message when no Facebook app token is configured, calling nobody', async () => {
    const before = seen.length;
    const res = await scrape(off, { url: 'https://tv.acme.test/watch/v1' }, tokens.off);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'facebookScrapeOff',
      message: 'Facebook re-scrape is not configured on this server (FACEBOOK_APP_TOKEN)',
    });
    expect(seen.length).toBe(before);
  });

  it('502s with Facebook’s message when the Graph API refuses', async () => {
    const res = await scrape(on, { url: 'https://tv.acme.test/refused' }, tokens.on);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'facebookScrapeFailed',
      message: 'Facebook refused the re-scrape: (#100) The parameter id is invalid',
    });
  });
});

describe('POST /api/scrape/facebook', () => {
  it('posts id, scrape=true and the app token as a form to the Graph API and answers what it read', async () => {
    seen.length = 0;
    const res = await scrape(on, { url: 'https://tv.acme.test/watch/channel/news/v1?gif=g1' }, tokens.on);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      url: 'https://tv.acme.test/watch/channel/news/v1?gif=g1',
      title: 'Video one',
      description: 'The first video',
      image: 'https://tv.acme.test/thumbs/v1.jpg',
      updatedTime: '2026-03-01T10:00:00+0000',
    });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/v19.0/',
        contentType: 'application/x-www-form-urlencoded',
        form: {
          id: 'https://tv.acme.test/watch/channel/news/v1?gif=g1',
          scrape: 'true',
          access_token: TOKEN,
        },
      },
    ]);
  });

  it('takes a URL on the request’s own host too (a site reached by another name)', async () => {
    const res = await on.h.app.inject({
      method: 'POST',
      url: '/api/scrape/facebook?__site=acme',
      headers: { ...bearer(tokens.on), host: 'localhost:3000' },
      payload: { url: 'http://localhost:3000/watch/v1' },
    });
    expect(res.statusCode).toBe(200);
    expect(seen.at(-1)!.form.id).toBe('http://localhost:3000/watch/v1');
  });
});
