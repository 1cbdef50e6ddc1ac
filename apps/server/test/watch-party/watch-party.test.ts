// The watch-party calls of playback-and-social §7 (POST watch-party/{id}[?isLive=true]; PATCH with
// start, joined, end, changeHost; GET watch-party/{id} and /content) and the rules of §4.9 and §8
// they carry, plus the TV's short code (issue 15 item 6). Decision 0046.
import { PARTY_TTL_MS } from '@marquee/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partyWorld } from './support';

let w: Awaited<ReturnType<typeof partyWorld>>;
beforeAll(async () => {
  w = await partyWorld();
  await w.as('staff1', 'acme', ['staff']);
});
afterAll(() => w.t.h.close());

const create = (user: string | null, content = 'v1', query = '__source=web') =>
  w.call(user, 'POST', `watch-party/${content}?${query}`);
const patch = (user: string | null, pid: string, body: unknown) =>
  w.call(user, 'PATCH', `watch-party/${pid}`, body);

describe('refusals first', () => {
  it('401 without a token, for every call', async () => {
    expect((await create(null)).status).toBe(401);
    expect((await w.call(null, 'GET', 'watch-party/p1')).status).toBe(401);
    expect((await patch(null, 'p1', { action: 'joined' })).status).toBe(401);
    expect((await w.call(null, 'GET', 'watch-party/p1/content')).status).toBe(401);
    expect((await w.call(null, 'GET', 'watch-party-code/ABC234')).status).toBe(401);
  });

  it('400 naming the field: a bad id, isLive, action or hostId, a malformed code', async () => {
    const badId = await create('host1', 'v1%20x');
    expect(badId.status).toBe(400);
    expect(badId.body.error?.message).toMatch(/id/);
    const badLive = await create('host1', 'v1', 'isLive=yes');
    expect(badLive.status).toBe(400);
    expect(badLive.body.error?.message).toMatch(/isLive/);
    const pid = await w.startedParty('host1');
    const badAction = await patch('host1', pid, { action: 'dance' });
    expect(badAction.status).toBe(400);
    expect(badAction.body.error?.message).toMatch(/action/);
    const noHost = await patch('host1', pid, { action: 'changeHost' });
    expect(noHost.status).toBe(400);
    expect(noHost.body.error?.message).toMatch(/hostId/);
    const badCode = await w.call('host1', 'GET', 'watch-party-code/AB');
    expect(badCode.status).toBe(400);
    expect(badCode.body.error?.field).toBe('code');
  });

  it('403 "Watch Party\' is unavailable for this site." where the watchParty perm is off', async () => {
    const res = await w.call('np1', 'POST', 'watch-party/x?__source=web', undefined, 'noparty');
    await w.as('np1', 'noparty');
    const again = await w.call('np1', 'POST', 'watch-party/x?__source=web', undefined, 'noparty');
    expect([res.status, again.status]).toEqual([403, 403]);
    expect(again.body.error).toEqual({
      code: 'watchPartyDisabled',
      message: "Watch Party' is unavailable for this site.",
    });
  });

  it('403 for a user of another site; their party id is only "invalid Watch Party" to others', async () => {
    await w.as('o1', 'other');
    expect((await w.call('o1', 'POST', 'watch-party/v1', undefined, 'acme')).status).toBe(403);
    const pid = await w.startedParty('host2');
    const elsewhere = await w.call('o1', 'GET', `watch-party/${pid}`, undefined, 'other');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error?.message).toBe('invalid Watch Party');
  });

  it('404 for unknown content, and "invalid Watch Party" for an unknown party or code', async () => {
    expect((await create('host1', 'nope')).status).toBe(404);
    for (const path of ['watch-party/nope', 'watch-party/nope/content', 'watch-party-code/ZZZ999']) {
      const res = await w.call('host1', 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error, path).toEqual({ code: 'invalidWatchParty', message: 'invalid Watch Party' });
    }
    expect((await patch('host1', 'nope', { action: 'joined' })).body.error?.message).toBe(
      'invalid Watch Party',
    );
  });

  it('hosting is refused on mobile, and a movie is hosted from desktop only (§4.9)', async () => {
    const mobile = await create('host1', 'v1', '__source=webMobile');
    expect(mobile.status).toBe(403);
    expect(mobile.body.error?.code).toBe('hostingOnMobile');
    const tvMovie = await create('host1', 'm1', '__source=tizen');
    expect(tvMovie.status).toBe(403);
    expect(tvMovie.body.error?.code).toBe('moviesDesktopOnly');
    expect((await create('host1', 'm1', '__source=web')).status).toBe(201);
  });

  it('a live event needs isLive=true, and isLive=true needs a live event', async () => {
    const notFlagged = await create('host1', 'le-live');
    expect(notFlagged.status).toBe(400);
    expect(notFlagged.body.error?.field).toBe('isLive');
    expect((await create('host1', 'v1', 'isLive=true')).status).toBe(404);
    const live = await create('host1', 'le-live', 'isLive=true&__source=web');
    expect(live.status).toBe(201);
    expect(live.body).toMatchObject({ isLive: true, contentId: 'le-live', channel: 'events' });
    // Shared by §2.2's live event watch party route, the pid in its last segment (decision 0051).
    expect(live.body.link).toBe(
      `https://tv.acme.test/channel/events/live/le-live/watch-party/${String(live.body.pid)}`,
    );
    const got = await w.call('host1', 'GET', `watch-party/${String(live.body.pid)}`);
    expect(got.body.link).toBe(live.body.link);
  });

  it('only the host starts; only the host or a moderator ends or changes the host (403)', async () => {
    const created = await create('host3');
    const pid = created.body.pid as string;
    await patch('guest3', pid, { action: 'joined' });
    for (const body of [{ action: 'start' }, { action: 'end' }, { action: 'changeHost', hostId: 'guest3' }]) {
      const res = await patch('guest3', pid, body);
      expect(res.status, body.action).toBe(403);
      expect(res.body.error?.code, body.action).toBe('hostOnly');
    }
    // A moderator (staff: party.moderate) may end or hand over, but only the host starts.
    expect((await patch('staff1', pid, { action: 'start' })).status).toBe(403);
  });

  it('changeHost to a non-member is 400 hostId; to a mobile member 409', async () => {
    const pid = await w.startedParty('host4');
    const stranger = await patch('host4', pid, { action: 'changeHost', hostId: 'nobody' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error?.field).toBe('hostId');
    await w.as('phone4');
    await w.call('phone4', 'PATCH', `watch-party/${pid}?__source=webMobile`, { action: 'joined' });
    const mobile = await patch('host4', pid, { action: 'changeHost', hostId: 'phone4' });
    expect(mobile.status).toBe(409);
    expect(mobile.body.error?.code).toBe('cannotHost');
    // A TV only follows: it is never handed the party, by the host or a moderator.
    await w.as('tv4');
    await w.call('tv4', 'PATCH', `watch-party/${pid}?__source=tizen`, { action: 'joined' });
    const tv = await patch('host4', pid, { action: 'changeHost', hostId: 'tv4' });
    expect(tv.status).toBe(409);
    expect(tv.body.error?.code).toBe('cannotHost');
    expect((await patch('staff1', pid, { action: 'changeHost', hostId: 'tv4' })).status).toBe(409);
    const after = await w.call('host4', 'GET', `watch-party/${pid}`);
    expect(after.body).toMatchObject({ host: 'host4' });
    expect(
      (after.body.members as { userId: string; canHost: boolean }[]).find((m) => m.userId === 'tv4'),
    ).toMatchObject({ canHost: false });
  });

  it('a TV cannot create a party: 403 hostingOnTv (it only follows)', async () => {
    const tv = await create('host1', 'v1', '__source=webos');
    expect(tv.status).toBe(403);
    expect(tv.body.error).toMatchObject({
      code: 'hostingOnTv',
      message: 'A TV follows a Watch Party; it cannot host one',
    });
  });

  it('429 once a user has started 20 parties within the hour (each is a row, a code and a room)', async () => {
    for (let i = 0; i < 20; i++) expect((await create('busy1')).status).toBe(201);
    const refused = await create('busy1');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      message: 'You have started many Watch Parties lately. Please try again later',
    });
    // Another user is not held back by it.
    expect((await create('busy2')).status).toBe(201);
  });

  it('410 "The session has either expired or is invalid" once ended', async () => {
    const pid = await w.startedParty('host5');
    expect((await patch('host5', pid, { action: 'end' })).body.state).toBe('ended');
    for (const body of [{ action: 'joined' }, { action: 'start' }, { action: 'end' }]) {
      const res = await patch('guest5', pid, body);
      expect(res.status).toBe(410);
      expect(res.body.error).toEqual({
        code: 'watchPartyExpired',
        message: 'The session has either expired or is invalid',
      });
    }
  });

  it('a party past its lifetime has ended, and says so', async () => {
    const pid = await w.startedParty('host6');
    w.t.clock.now += PARTY_TTL_MS;
    try {
      expect((await w.call('host6', 'GET', `watch-party/${pid}`)).body.state).toBe('ended');
      expect((await patch('guest6', pid, { action: 'joined' })).status).toBe(410);
    } finally {
      w.t.clock.now -= PARTY_TTL_MS;
    }
    // Ended in storage too: it does not come back when the clock does.
    expect((await w.call('host6', 'GET', `watch-party/${pid}`)).body.state).toBe('ended');
  });
});

describe('the session (§3) through lobby, started and ended (§4.9)', () => {
  it('create: not started, hosted and owned by the caller, with a link and a short code', async () => {
    const res = await create('host7');
    expect(res.status).toBe(201);
    const pid = res.body.pid as string;
    expect(res.body).toMatchObject({
      state: 'notStarted',
      owner: 'host7',
      ownerName: 'HOST7',
      host: 'host7',
      hostName: 'HOST7',
      contentId: 'v1',
      channel: 'news',
      isLive: false,
      link: `https://tv.acme.test/watch-party?pid=${pid}`,
      members: [{ userId: 'host7', name: 'HOST7', connected: false, canHost: true }],
    });
    expect(res.body.code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
  });

  it('start, joined (repeatable), changeHost and end', async () => {
    const pid = (await create('host8')).body.pid as string;
    expect((await patch('host8', pid, { action: 'start' })).body.state).toBe('active');
    expect((await patch('host8', pid, { action: 'start' })).body.state).toBe('active');
    await patch('guest8', pid, { action: 'joined' });
    const again = await patch('guest8', pid, { action: 'joined' });
    expect((again.body.members as unknown[]).length).toBe(2);
    const handed = await patch('host8', pid, { action: 'changeHost', hostId: 'guest8' });
    expect(handed.body).toMatchObject({ host: 'guest8', hostName: 'GUEST8', owner: 'host8' });
    // The old host is now a guest: no longer allowed to end it.
    expect((await patch('host8', pid, { action: 'end' })).status).toBe(403);
    expect((await patch('guest8', pid, { action: 'end' })).body.state).toBe('ended');
  });

  it('a moderator may end anyone’s party', async () => {
    const pid = await w.startedParty('host9');
    expect((await patch('staff1', pid, { action: 'end' })).body.state).toBe('ended');
  });

  it('GET the session, its content, and the party of a short code in any case', async () => {
    const created = await create('host10');
    const pid = created.body.pid as string;
    expect((await w.call('guest10', 'GET', `watch-party/${pid}`)).body).toMatchObject({
      pid,
      state: 'notStarted',
    });
    expect((await w.call('guest10', 'GET', `watch-party/${pid}/content`)).body).toMatchObject({
      uid: 'v1',
      type: 'video',
    });
    const code = (created.body.code as string).toLowerCase();
    const found = await w.call('guest10', 'GET', `watch-party-code/${code.slice(0, 3)}-${code.slice(3)}`);
    expect(found.body).toMatchObject({ pid });
  });
});
