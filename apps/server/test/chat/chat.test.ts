// Chat over HTTP (playback-and-social §4.10, §5, §6, §7 Chat; decision 0045): every rule, the
// refusals first. On SQLite, and on PostgreSQL with DATABASE_URL.
import { CHAT_SUSPENDED_MESSAGE } from '@marquee/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoRow } from '../fixtures';
import { DAY, SECOND } from '../support/accounts';
import { chatWorld, SLOW_SECONDS, type ChatWorld } from './chat-world';

let w: ChatWorld;
beforeAll(async () => {
  w = await chatWorld();
});
afterAll(() => w.t.h.close());

const HOUR = 3600 * SECOND;
const errorOf = (res: { json: () => unknown }) => (res.json() as { error: unknown }).error;

describe('PATCH chats/{id}: the chat token', () => {
  it('answers 401 without a signed-in user', async () => {
    const res = await w.call('PATCH', '/v2/sites/acme/chats/live-final', undefined, { write: true });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 naming chatId for a malformed chat id', async () => {
    const me = await w.user();
    for (const bad of ['lobby-final', 'live', 'live-a%20b']) {
      const res = await w.grant(me, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res), bad).toMatchObject({ field: 'chatId' });
    }
  });

  it('answers 404 for a room whose live event, video or live channel does not exist, is private, or is not a live event', async () => {
    const me = await w.user();
    await w.t.h.db
      .insertInto('videos')
      .values([
        videoRow('acme', 'hidden', { status: 'private', type: 'liveEvent' }),
        videoRow('acme', 'plain', { type: 'video' }),
      ])
      .execute();
    await w.t.h.db
      .insertInto('live_channels')
      .values({
        site_uid: 'acme',
        id: 'news24',
        channel_num: 1,
        name: 'News 24',
        description: '',
        categories: '[]',
        access_type: 'public',
        preview_minutes: 0,
      })
      .execute();
    for (const chatId of ['live-nothing', 'video-nothing', 'live-hidden', 'live-plain', 'channel-nothing']) {
      const res = await w.call('PATCH', `/v2/sites/acme/chats/${chatId}`, me, { write: true });
      expect(res.statusCode, chatId).toBe(404);
      expect(errorOf(res), chatId).toEqual({ code: 'notFound', message: `Chat '${chatId}' not found` });
    }
    expect((await w.call('PATCH', '/v2/sites/acme/chats/video-plain', me, { write: true })).statusCode).toBe(
      200,
    );
  });

  it('answers 403 to a user of another site and where the site hides chat', async () => {
    const other = await w.user({ site: 'other' });
    const res = await w.call('PATCH', '/v2/sites/acme/chats/live-final', other, { write: true });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'wrongSite' });
    const quiet = await w.user({ site: 'quiet' });
    const hidden = await w.grant(quiet, 'live-final');
    expect(hidden.statusCode).toBe(403);
    expect(errorOf(hidden)).toEqual({ code: 'chatDisabled', message: 'Chat is not available on this site' });
  });

  it('answers 400 naming read when neither read nor write is asked for', async () => {
    const res = await w.grant(await w.user(), 'live-final', { read: false, write: false });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({ code: 'invalid', message: 'Ask for read, write or both', field: 'read' });
  });

  it('answers 409 to a writer with no name to chat under, and reads them in', async () => {
    const nameless = await w.user({ firstName: '' });
    const res = await w.grant(nameless, 'live-final');
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      code: 'chatNameRequired',
      message: 'Add a name to chat first',
      field: 'chatUsername',
    });
    const read = await w.grant(nameless, 'live-final', { read: true });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ read: true, write: false, username: null });
  });

  it('grants a token for 60 minutes with the slow-mode seconds of the site', async () => {
    const me = await w.user({ site: 'slow' });
    const res = await w.grant(me, 'video-v1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      chatId: 'video-v1',
      userId: me.id,
      read: true,
      write: true,
      expiresAt: new Date(w.t.clock.now + 60 * 60 * SECOND).toISOString(),
      chatBanUntil: null,
      slowModeSeconds: SLOW_SECONDS,
      mute: [],
    });
    expect((await w.grant(await w.user(), 'live-final')).json()).toMatchObject({ slowModeSeconds: 0 });
  });
});

describe('POST chats/{id}: messages', () => {
  it('refuses 141 characters and blank messages with 400 naming message, and accepts 140', async () => {
    const me = await w.user();
    const long = await w.send(me, 'live-len', 'x'.repeat(141));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toEqual({
      code: 'invalid',
      message: 'Message is longer than 140 characters',
      field: 'message',
    });
    const blank = await w.send(me, 'live-len', ' \n ');
    expect(errorOf(blank)).toEqual({ code: 'invalid', message: 'Message is empty', field: 'message' });
    const ok = await w.send(me, 'live-len', 'x'.repeat(140));
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a nameless user until they set a chat name (400 for a bad name)', async () => {
    const nameless = await w.user({ firstName: '' });
    expect((await w.send(nameless, 'live-name', 'hello')).statusCode).toBe(409);
    const short = await w.call('PATCH', '/v2/sites/acme/chats/username', nameless, { chatUsername: 'A' });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short)).toEqual({
      code: 'invalid',
      message: 'Name must be at least 2 characters long',
      field: 'chatUsername',
    });
    const set = await w.call('PATCH', '/v2/sites/acme/chats/username', nameless, { chatUsername: ' Ace ' });
    expect(set.json()).toEqual({ chatUsername: 'Ace' });
    // The name is the user's own (§3's User.chatUsername), not only the chat's.
    expect((await w.call('GET', '/v2/me/info', nameless)).json()).toMatchObject({ chatUsername: 'Ace' });
    const sent = await w.send(nameless, 'live-name', 'hello');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      username: 'Ace',
      publisher: nameless.id,
      marqueeUserId: nameless.id,
    });
  });

  it('stores markup as typed text: the service never turns it into HTML', async () => {
    const me = await w.user();
    const value = '<img src=x onerror=alert(1)> :smile:';
    expect((await w.send(me, 'live-xss', value)).json()).toMatchObject({
      value,
      type: 'message',
      verified: false,
    });
    expect((await w.history(me, 'live-xss')).json()).toMatchObject({ messages: [{ value }] });
  });

  it('slow mode: one message per user and room every SLOW_SECONDS, enforced by the server', async () => {
    const me = await w.user({ site: 'slow' });
    const neighbour = await w.user({ site: 'slow' });
    expect((await w.send(me, 'live-slow', 'first')).statusCode).toBe(201);
    const again = await w.send(me, 'live-slow', 'second');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe(String(SLOW_SECONDS));
    expect(errorOf(again)).toEqual({
      code: 'rateLimited',
      message: `Slow mode is on: you can send another message in ${SLOW_SECONDS} s`,
    });
    // Another user, and another room, are not held back.
    expect((await w.send(neighbour, 'live-slow', 'mine')).statusCode).toBe(201);
    expect((await w.send(me, 'live-slow-2', 'elsewhere')).statusCode).toBe(201);
    w.t.clock.now += SLOW_SECONDS * SECOND;
    expect((await w.send(me, 'live-slow', 'second')).statusCode).toBe(201);
  });

  it('slow mode does not slow the moderators (staff, support, admin), and their token says so', async () => {
    const staff = await w.user({ site: 'slow', roles: ['staff'] });
    expect((await w.grant(staff, 'live-slow')).json()).toMatchObject({ slowModeSeconds: 0 });
    expect((await w.send(staff, 'live-slow', 'one')).statusCode).toBe(201);
    expect((await w.send(staff, 'live-slow', 'two')).statusCode).toBe(201);
  });

  it('no slow mode where the site does not switch slowModeChat on', async () => {
    const me = await w.user();
    expect((await w.send(me, 'live-fast', 'one')).statusCode).toBe(201);
    expect((await w.send(me, 'live-fast', 'two')).statusCode).toBe(201);
  });

  it('flood limit: a sixth message within 10 s is refused with 429, in any room; later it passes', async () => {
    const me = await w.user();
    for (let i = 0; i < 5; i++) expect((await w.send(me, `live-flood-${i}`, `m${i}`)).statusCode).toBe(201);
    const sixth = await w.send(me, 'live-flood-9', 'too many');
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth)).toEqual({
      code: 'rateLimited',
      message: 'You are sending messages too fast. Please wait a moment',
    });
    w.t.clock.now += 10 * SECOND;
    expect((await w.send(me, 'live-flood-9', 'calm now')).statusCode).toBe(201);
  });

  it('a message refused by slow mode does not count against the flood limit', async () => {
    const me = await w.user({ site: 'slow' });
    expect((await w.send(me, 'live-both', 'one')).statusCode).toBe(201);
    for (let i = 0; i < 6; i++) expect((await w.send(me, 'live-both', 'again')).statusCode).toBe(429);
    for (let i = 0; i < 4; i++)
      expect((await w.send(me, `live-both-${i}`, 'other room')).statusCode).toBe(201);
  });
});

describe('GET chats/{id}/messages: history', () => {
  it('answers the latest 30, oldest first, and what came after a message', async () => {
    const me = await w.user();
    const ids: string[] = [];
    for (let i = 0; i < 35; i++) {
      if (i % 5 === 0) w.t.clock.now += 10 * SECOND; // past the flood window
      const res = await w.send(me, 'live-hist', `m${i}`);
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    const latest = (await w.history(me, 'live-hist')).json<{ messages: { value: string }[] }>().messages;
    expect(latest.map((m) => m.value)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 5}`));
    const missed = (await w.history(me, 'live-hist', `?after=${ids[31]}`)).json<{
      messages: { value: string }[];
    }>();
    expect(missed.messages.map((m) => m.value)).toEqual(['m32', 'm33', 'm34']);
    const older = (await w.history(me, 'live-hist', `?before=${ids[2]}`)).json<{
      messages: { value: string }[];
    }>();
    expect(older.messages.map((m) => m.value)).toEqual(['m0', 'm1']);
  });

  it('answers 400 for a bad chat id and 401 without a user', async () => {
    expect((await w.call('GET', '/v2/sites/acme/chats/live-hist/messages')).statusCode).toBe(401);
    expect((await w.history(await w.user(), 'nope-x')).statusCode).toBe(400);
  });
});

describe('PATCH chats/mute/{id} and GET chats/muteList/', () => {
  it('refuses muting oneself (400) and an unknown or other-site user (404)', async () => {
    const me = await w.user();
    const self = await w.mute(me, me.id, true);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toEqual({ code: 'invalid', message: 'You cannot mute yourself', field: 'userId' });
    expect((await w.mute(me, 'nobody', true)).statusCode).toBe(404);
    const stranger = await w.user({ site: 'other' });
    expect((await w.mute(me, stranger.id, true)).statusCode).toBe(404);
  });

  it('answers 409 once the muted list holds 500 people, and still unmutes', async () => {
    const me = await w.user();
    const target = await w.user();
    const full = Array.from({ length: 500 }, (_, i) => `someone-${i}`);
    await w.t.h.db
      .updateTable('users')
      .set({ chat_mute_list: JSON.stringify(full) })
      .where('id', '=', me.id)
      .execute();
    const res = await w.mute(me, target.id, true);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'muteListFull', message: 'You can mute at most 500 people' });
    expect(
      (await w.mute(me, 'someone-0', false)).json<{ userMuteList: string[] }>().userMuteList,
    ).toHaveLength(499);
  });

  it('mutes: the muted user is on the profile and the list, their messages leave the muter’s history; unmutes', async () => {
    const me = await w.user();
    const loud = await w.user({ firstName: 'Loud' });
    await w.send(loud, 'live-mute', 'noise');
    await w.send(me, 'live-mute', 'mine');
    const muted = await w.mute(me, loud.id, true);
    expect(muted.json()).toEqual({ userId: loud.id, mute: true, userMuteList: [loud.id] });
    expect((await w.mute(me, loud.id, true)).json()).toMatchObject({ userMuteList: [loud.id] });
    expect((await w.call('GET', '/v2/me/info', me)).json()).toMatchObject({ userMuteList: [loud.id] });
    expect((await w.call('GET', '/v2/sites/acme/chats/muteList', me)).json()).toEqual({
      users: [{ userId: loud.id, username: 'Loud', verified: false }],
    });
    const seen = (await w.history(me, 'live-mute')).json<{ messages: { value: string }[] }>().messages;
    expect(seen.map((m) => m.value)).toEqual(['mine']);
    // Muting is personal: everyone else still sees them.
    expect((await w.history(loud, 'live-mute')).json<{ messages: unknown[] }>().messages).toHaveLength(2);

    expect((await w.mute(me, loud.id, false)).json()).toEqual({
      userId: loud.id,
      mute: false,
      userMuteList: [],
    });
    expect((await w.call('GET', '/v2/sites/acme/chats/muteList', me)).json()).toEqual({ users: [] });
    // The spec's path has a trailing slash: the same list there (decision 0057).
    expect((await w.call('GET', '/v2/sites/acme/chats/muteList/', me)).json()).toEqual({ users: [] });
  });
});

describe('PATCH chats/ban (§6 "Only roles staff, admin and support may ban a chat user")', () => {
  it('answers 403 to a viewer, with the reason', async () => {
    const viewer = await w.user();
    const target = await w.user();
    const res = await w.ban(viewer, { userId: target.id });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      code: 'forbidden',
      message: 'Only staff, admin and support may ban a chat user',
    });
  });

  it('refuses banning oneself (400), an unknown or other-site user (404), and a moderator (403)', async () => {
    const staff = await w.user({ roles: ['staff'] });
    expect(errorOf(await w.ban(staff, { userId: staff.id }))).toEqual({
      code: 'invalid',
      message: 'You cannot ban yourself',
      field: 'userId',
    });
    expect((await w.ban(staff, { userId: 'nobody' })).statusCode).toBe(404);
    expect((await w.ban(staff, { userId: (await w.user({ site: 'other' })).id })).statusCode).toBe(404);
    const admin = await w.user({ roles: ['admin'] });
    const res = await w.ban(staff, { userId: admin.id });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ message: 'Staff, admin and support cannot be banned from chat' });
  });

  it('answers 400 naming chatBanUntil for a past end, more than 48 hours, or not a date', async () => {
    const staff = await w.user({ roles: ['staff'] });
    const target = await w.user();
    const at = (ms: number) => new Date(w.t.clock.now + ms).toISOString();
    for (const [until, message] of [
      [at(-SECOND), 'chatBanUntil must be in the future'],
      [at(2 * DAY + SECOND), 'A chat ban lasts at most 48 hours'],
    ]) {
      const res = await w.ban(staff, { userId: target.id, chatBanUntil: until });
      expect(errorOf(res), until).toEqual({ code: 'invalid', message, field: 'chatBanUntil' });
    }
    expect(errorOf(await w.ban(staff, { userId: target.id, chatBanUntil: 'tomorrow' }))).toMatchObject({
      field: 'chatBanUntil',
    });
  });

  it.each(['staff', 'support', 'admin'])(
    '%s bans for 48 hours: writing is suspended (403 with the spec’s message), reading is not',
    async (role) => {
      const moderator = await w.user({ roles: [role] });
      const target = await w.user();
      const res = await w.ban(moderator, { userId: target.id });
      expect(res.statusCode).toBe(200);
      const until = new Date(w.t.clock.now + 2 * DAY).toISOString();
      expect(res.json()).toEqual({ userId: target.id, chatBanUntil: until });

      const write = await w.grant(target, 'live-ban');
      expect(write.statusCode).toBe(403);
      expect(errorOf(write)).toEqual({ code: 'chatSuspended', message: CHAT_SUSPENDED_MESSAGE });
      const sent = await w.send(target, 'live-ban', 'let me talk');
      expect(errorOf(sent)).toEqual({
        code: 'chatSuspended',
        message: 'Your chat privileges have been suspended.',
      });
      expect((await w.grant(target, 'live-ban', { read: true })).json()).toMatchObject({
        read: true,
        write: false,
        chatBanUntil: until,
      });
    },
  );

  it('ends after 48 hours, and null lifts it earlier', async () => {
    const staff = await w.user({ roles: ['staff'] });
    const target = await w.user();
    await w.ban(staff, { userId: target.id });
    w.t.clock.now += 2 * DAY;
    await w.refresh(target);
    await w.refresh(staff);
    expect((await w.grant(target, 'live-ban')).statusCode).toBe(200);

    await w.ban(staff, { userId: target.id, chatBanUntil: new Date(w.t.clock.now + HOUR).toISOString() });
    expect((await w.send(target, 'live-ban', 'hi')).statusCode).toBe(403);
    expect((await w.ban(staff, { userId: target.id, chatBanUntil: null })).json()).toEqual({
      userId: target.id,
      chatBanUntil: null,
    });
    expect((await w.send(target, 'live-ban', 'hi')).statusCode).toBe(201);
  });
});

describe('DELETE chats/{id}/messages/{messageId}', () => {
  it('answers 403 to a viewer (even the author), 404 for an unknown message; staff delete it for everyone', async () => {
    const author = await w.user();
    const staff = await w.user({ roles: ['staff'] });
    const { id } = (await w.send(author, 'live-del', 'regret')).json<{ id: string }>();
    const url = `/v2/sites/acme/chats/live-del/messages/${id}`;
    const own = await w.call('DELETE', url, author);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own)).toMatchObject({
      message: 'Only staff, admin and support may delete a chat message',
    });
    expect((await w.call('DELETE', '/v2/sites/acme/chats/live-del/messages/nope', staff)).statusCode).toBe(
      404,
    );
    expect((await w.call('DELETE', `/v2/sites/acme/chats/live-other/messages/${id}`, staff)).statusCode).toBe(
      404,
    );
    expect((await w.call('DELETE', url, staff)).statusCode).toBe(204);
    expect((await w.history(author, 'live-del')).json()).toEqual({ messages: [] });
    expect((await w.call('DELETE', url, staff)).statusCode).toBe(404);
  });
});

describe('POST chats/users', () => {
  it('answers the site’s users among the ids with their chat names and verified marks', async () => {
    const me = await w.user();
    const staff = await w.user({ roles: ['staff'], firstName: 'Stan' });
    const stranger = await w.user({ site: 'other' });
    const res = await w.call('POST', '/v2/sites/acme/chats/users', me, {
      userIds: [staff.id, stranger.id, 'nobody'],
    });
    expect(res.json()).toEqual({ users: [{ userId: staff.id, username: 'Stan', verified: true }] });
    const empty = await w.call('POST', '/v2/sites/acme/chats/users', me, { userIds: [] });
    expect(empty.statusCode).toBe(400);
  });
});
