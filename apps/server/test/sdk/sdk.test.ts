import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMarqueeClient } from '@marquee/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSchema, SCHEMA_FILE, SDK_SRC, writeSchema } from '../../../../packages/sdk/scripts/generate';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, PASSWORD, type AccountsHarness } from '../support/accounts';

const committedSchema = () => readFileSync(join(SDK_SRC, SCHEMA_FILE), 'utf8');

describe('@marquee/sdk types', () => {
  it('match a fresh generation from docs/openapi.json (run `npm run sdk` after `npm run openapi`)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-sdk-'));
    try {
      const file = await writeSchema(dir);
      expect(readFileSync(file, 'utf8')).toBe(committedSchema());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('@marquee/sdk against the running server', () => {
  let t: AccountsHarness;
  let baseUrl: string;
  beforeAll(async () => {
    t = await accountsHarness({ sites: [newSiteRow('demo', 'Marquee Demo')] });
    await t.insertUser({ id: 'user-ada', site_uid: 'demo', email: 'ada@demo.test' });
    await t.h.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.h.close());

  it('is the client of the document the server serves at /api/docs/json', async () => {
    const served = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as object;
    expect(await generateSchema(served)).toBe(committedSchema());
  });

  it('answers a 400 as a typed error naming the field', async () => {
    const client = createMarqueeClient({ baseUrl });
    const { data, error, response } = await client.GET('/v2/sites/{site}/channels', {
      params: { path: { site: 'demo' }, query: { pageSize: 0 } },
    });
    expect(response.status).toBe(400);
    expect(data).toBeUndefined();
    expect(error?.error).toMatchObject({ code: 'invalid', field: 'pageSize' });
  });

  it('refuses a signed-in read without a token (401 unauthorized)', async () => {
    const { error, response } = await createMarqueeClient({ baseUrl }).GET('/v2/me/info');
    expect(response.status).toBe(401);
    expect(error?.error.code).toBe('unauthorized');
  });

  it('reads a public call: the demo site config', async () => {
    const { data, response } = await createMarqueeClient({ baseUrl }).GET('/v2/sites/{site}/config', {
      params: { path: { site: 'demo' } },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ uid: 'demo', name: 'Marquee Demo' });
  });

  it('signs in and reads the signed-in user with the bearer token', async () => {
    const anonymous = createMarqueeClient({ baseUrl });
    const login = await anonymous.POST('/v2/me/auth/login', {
      body: { email: 'ada@demo.test', password: PASSWORD, site: 'demo' },
    });
    expect(login.response.status).toBe(200);
    const token = login.data!.token;

    const me = await createMarqueeClient({ baseUrl, accessToken: () => token }).GET('/v2/me/info');
    expect(me.response.status).toBe(200);
    expect(me.data).toMatchObject({ id: 'user-ada', email: 'ada@demo.test' });
  });
});
