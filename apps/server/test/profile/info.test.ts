import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, errorOf, profileHarness, START, type ProfileHarness, type TestUser } from './fixtures';

// PATCH /v2/me/info (accounts-and-commerce §5 Change user info, Change name; §9 name change once per 60 days).
let t: ProfileHarness;
beforeAll(async () => {
  t = await profileHarness();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = START;
});

const name = { firstName: 'Alice', lastName: 'Liddell' };

async function signedIn(site = 'acme', row = {}): Promise<{ user: TestUser; token: string }> {
  const user = await t.addUser(site, row);
  return { user, token: (await t.login(user)).token };
}

const patchInfo = (token: string | undefined, body: object) => t.call('PATCH', '/v2/me/info', token, body);

describe('PATCH /v2/me/info refuses', () => {
  it('401s without a valid bearer token', async () => {
    expect((await patchInfo(undefined, name)).statusCode).toBe(401);
    const res = await patchInfo('not-a-jwt', name);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });

  it('answers "Missing values" naming the first missing or blank name', async () => {
    const { user, token } = await signedIn();
    const cases: [object, string][] = [
      [{}, 'firstName'],
      [{ lastName: 'Liddell' }, 'firstName'],
      [{ firstName: '   ', lastName: 'Liddell' }, 'firstName'],
      [{ firstName: 'Alice' }, 'lastName'],
      [{ firstName: 'Alice', lastName: '' }, 'lastName'],
      [{ firstName: 'Alice', lastName: ' \t ' }, 'lastName'],
    ];
    for (const [body, field] of cases) {
      const res = await patchInfo(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'invalid', message: 'Missing values', field });
    }
    expect((await t.userRow(user.id))?.name_changed_at).toBeNull();
  });

  it('refuses a first name under 2 characters (after trimming)', async () => {
    const { token } = await signedIn();
    for (const firstName of ['A', ' B ']) {
      const res = await patchInfo(token, { firstName, lastName: 'Liddell' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'invalid',
        message: 'First name must be at least 2 characters long',
        field: 'firstName',
      });
    }
  });

  it('refuses names of the wrong type or too long, naming the field', async () => {
    const { token } = await signedIn();
    for (const [body, field] of [
      [{ firstName: 42, lastName: 'Liddell' }, 'firstName'],
      [{ firstName: 'Alice', lastName: null }, 'lastName'],
      [{ firstName: 'A'.repeat(101), lastName: 'Liddell' }, 'firstName'],
    ] as const) {
      const res = await patchInfo(token, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
  });

  it('answers "Invalid DOB" for a date that is not real, in the future or over 100 years back', async () => {
    const { user, token } = await signedIn();
    // START is 2026-03-01: the year list is 1927…2026.
    for (const dob of [
      19900231, // 31 February
      19901301,
      19900000,
      20250229, // 2025 is not a leap year
      20260302, // tomorrow
      20270101,
      19261231,
      1990042, // seven digits
      199004021,
      19900402.5,
      0,
      -19900402,
    ]) {
      const res = await patchInfo(token, { ...name, dob });
      expect(res.statusCode, String(dob)).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'invalid', message: 'Invalid DOB', field: 'dob' });
    }
    const asString = await patchInfo(token, { ...name, dob: '19900402' });
    expect(asString.statusCode).toBe(400);
    expect(errorOf(asString).field).toBe('dob');
    expect(errorOf(asString).message).toContain('Invalid DOB');
    expect((await t.userRow(user.id))?.dob).toBe('1990-04-02');
  });

  it('refuses an unknown gender, and Other on a site with rudimentaryGenders', async () => {
    const { token } = await signedIn();
    const unknown = await patchInfo(token, { ...name, gender: 'Robot' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).field).toBe('gender');

    const plain = await signedIn('plain');
    const other = await patchInfo(plain.token, { ...name, gender: 'other' });
    expect(other.statusCode).toBe(400);
    expect(errorOf(other)).toEqual({ code: 'invalid', message: 'Invalid gender', field: 'gender' });
    expect((await t.userRow(plain.user.id))?.gender).toBe('female');
  });

  it('allows one name change per 60 days, naming the date it becomes possible', async () => {
    const { user, token } = await signedIn();
    // The first change after signup is allowed.
    const first = await patchInfo(token, { firstName: 'Alicia', lastName: 'Liddell' });
    expect(first.statusCode).toBe(200);
    expect((await t.userRow(user.id))?.name_changed_at).toBe(new Date(START).toISOString());

    t.clock.now = START + 60 * DAY - 60_000;
    const fresh = (await t.login(user)).token;
    for (const body of [
      { firstName: 'Alice', lastName: 'Liddell', gender: 'male' },
      { firstName: 'Alicia', lastName: 'Carroll' },
    ]) {
      const res = await patchInfo(fresh, body);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('nameChangeTooSoon');
      expect(errorOf(res).message).toBe(
        'Your name can be changed once every 60 days. You can change it again on 2026-04-30 at 12:00 UTC',
      );
    }
    // Nothing of a refused request is written, gender included.
    const row = await t.userRow(user.id);
    expect([row?.first_name, row?.last_name, row?.gender]).toEqual(['Alicia', 'Liddell', 'female']);

    t.clock.now = START + 60 * DAY;
    const later = (await t.login(user)).token;
    const again = await patchInfo(later, { firstName: 'Alice', lastName: 'Carroll' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ firstName: 'Alice', lastName: 'Carroll' });
  });
});

describe('PATCH /v2/me/info changes', () => {
  it('the name, gender and date of birth, and GET /v2/me/info shows them', async () => {
    const { user, token } = await signedIn();
    const res = await patchInfo(token, {
      firstName: '  Lewis ',
      lastName: ' Carroll ',
      gender: 'male',
      dob: 19270101,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Lewis',
      lastName: 'Carroll',
      gender: 'male',
      dob: 19270101,
    });
    const me = await t.call('GET', '/v2/me/info', token);
    expect(me.json()).toMatchObject({
      firstName: 'Lewis',
      lastName: 'Carroll',
      gender: 'male',
      dob: 19270101,
    });
    expect((await t.userRow(user.id))?.dob).toBe('1927-01-01');
  });

  it("accepts today's date and 29 February of a leap year", async () => {
    const { token } = await signedIn();
    expect((await patchInfo(token, { ...name, dob: 20260301 })).json().dob).toBe(20260301);
    expect((await patchInfo(token, { ...name, dob: 20240229 })).json().dob).toBe(20240229);
  });

  it('keeps omitted gender and dob, and clears them when null', async () => {
    const { token } = await signedIn();
    const kept = await patchInfo(token, name);
    expect(kept.json()).toMatchObject({ gender: 'female', dob: 19900402 });
    const cleared = await patchInfo(token, { ...name, gender: null, dob: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ gender: null, dob: null });
  });

  it('gender and dob without limit while the name stays the same', async () => {
    const { user, token } = await signedIn('acme', { name_changed_at: new Date(START - DAY).toISOString() });
    for (const [gender, dob] of [
      ['other', 20000101],
      ['male', null],
      ['female', 19800101],
    ] as const) {
      const res = await patchInfo(token, { ...name, gender, dob });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ gender, dob });
    }
    expect((await t.userRow(user.id))?.name_changed_at).toBe(new Date(START - DAY).toISOString());
  });

  it('male and female on a site with rudimentaryGenders', async () => {
    const { token } = await signedIn('plain');
    expect((await patchInfo(token, { ...name, gender: 'male' })).json().gender).toBe('male');
  });

  it('ignores gender and dob on a site that hides them', async () => {
    const { user, token } = await signedIn('hidden');
    const res = await patchInfo(token, { firstName: 'Alice', lastName: 'Smith', gender: 'male', dob: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Smith', gender: 'female', dob: 19900402 });
    const row = await t.userRow(user.id);
    expect([row?.gender, row?.dob]).toEqual(['female', '1990-04-02']);
  });

  it('answers 401 once the account is gone, even with a valid access token', async () => {
    const { user, token } = await signedIn();
    await t.h.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await patchInfo(token, name)).statusCode).toBe(401);
  });
});
