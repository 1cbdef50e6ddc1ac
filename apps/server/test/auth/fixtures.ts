import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../src/modules/auth/auth.service';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';

export const START = Date.parse('2026-03-01T12:00:00.000Z');
export const ALICE = { id: 'user-alice', email: 'alice@acme.test', password: 'correct horse' };

/** A harness with sites acme (host tv.acme.test) and other, Alice on acme, and a clock tests move. */
export async function authHarness() {
  const clock = { now: START };
  const h: Harness = await createHarness({ context: { now: () => clock.now } });
  await h.db
    .insertInto('sites')
    .values([newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' }), newSiteRow('other', 'Other TV')])
    .execute();
  await h.db
    .insertInto('users')
    .values({
      id: ALICE.id,
      site_uid: 'acme',
      email: ALICE.email,
      password_hash: await hash(ALICE.password, ARGON2_OPTIONS),
      first_name: 'Alice',
      last_name: 'Liddell',
      roles: '["staff"]',
      dob: '1990-04-02',
      gender: 'female',
      verified: 1,
      created_at: new Date(START).toISOString(),
    })
    .execute();

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url, payload, headers });
  const login = (body: object = { email: ALICE.email, password: ALICE.password, site: 'acme' }) =>
    post('/v2/me/auth/login', body);
  const refresh = (token: string) => post('/v2/me/auth/refresh-access', { token });
  const info = (token?: string) =>
    h.app.inject({
      method: 'GET',
      url: '/v2/me/info',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
  return { h, clock, post, login, refresh, info };
}
