// §4.9 "After more than 5 position mismatches the viewer is desynchronised. The bot message is
// 'You have lost sync with the host.'" (decision 0052): the bot posts it in the party's chat to
// the desynced viewer only, once per desync, persisted in their history and nobody else's; it is
// not a user's message and uses up nobody's turn (slow mode on here).
import type { ChatMessage } from '@marquee/contract';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { bearer } from '../support/accounts';
import { listeningPartyWorld, nextEvent, type PartyWorld } from './party-sockets';

const SLOW_SECONDS = 10;
const { world, call, room, send, next, action, progress } = listeningPartyWorld(async (w: PartyWorld) => {
  await w.t.h.db
    .updateTable('sites')
    .set({
      perms: JSON.stringify({ slowModeChat: true }),
      chat: JSON.stringify({ enabled: true, slowModeSeconds: SLOW_SECONDS, onlineUserThreshold: 0 }),
    })
    .where('uid', '=', 'acme')
    .execute();
});

const chatId = (pid: string) => `party-${pid}`;

/** The user's party socket also joins the party's chat (a writer's token). */
async function joinChat(socket: Socket, user: string, pid: string) {
  const grant = await world().call(user, 'PATCH', `chats/${chatId(pid)}`, { read: true, write: true });
  expect(grant.status).toBe(200);
  expect(await call(socket, 'chat:join', { token: grant.body.token })).toMatchObject({ ok: true });
}

/** Every chat message the socket receives, as they come. */
function heard(socket: Socket): ChatMessage[] {
  const all: ChatMessage[] = [];
  socket.on('chat:message', (m: ChatMessage) => all.push(m));
  return all;
}

/** The next chat message the socket receives that passes `test`. */
const nextChat = (socket: Socket, test: (m: ChatMessage) => boolean) =>
  nextEvent<ChatMessage>(socket, 'chat:message', test);

const history = async (user: string, pid: string) => {
  const res = await world().call(user, 'GET', `chats/${chatId(pid)}/messages`);
  expect(res.status).toBe(200);
  return res.body.messages as ChatMessage[];
};
const bots = (messages: ChatMessage[]) => messages.filter((m) => m.type === 'bot');

/** Six reports in a row more than 5 s away from the host: the sixth desynchronises. */
async function loseSync(guest: Socket, pid: string) {
  for (let i = 1; i <= 6; i++)
    expect(await send(guest, pid, progress(1, 90))).toMatchObject({
      ok: true,
      mismatches: i,
      desynced: i > 5,
    });
}

describe('the desync bot message in the party chat', () => {
  it('reaches the desynced viewer only, from the bot, once per desync, and stays in their history only', async () => {
    const w = world();
    const { pid, hostSocket, guestSockets } = await room('db-host', ['db-guest', 'db-other']);
    const [guest, other] = guestSockets as [Socket, Socket];
    for (const [socket, user] of [
      [hostSocket, 'db-host'],
      [guest, 'db-guest'],
      [other, 'db-other'],
    ] as const)
      await joinChat(socket, user, pid);
    const toGuest = heard(guest);
    const toOther = heard(other);
    const toHost = heard(hostSocket);
    expect(await send(hostSocket, pid, action('play', 1, 100, true))).toMatchObject({ ok: true });

    const told = nextChat(guest, (m) => m.type === 'bot');
    const desync = next(guest, 'party.desync');
    await loseSync(guest, pid);
    await desync;
    const bot = await told;
    expect(bot).toMatchObject({
      chatId: chatId(pid),
      type: 'bot',
      publisher: 'bot',
      marqueeUserId: null,
      username: 'Watch Party',
      value: 'You have lost sync with the host.',
      verified: false,
      to: 'db-guest',
    });

    // Still out of sync: not told again. The guest's own message (slow mode on) is not held back
    // by the bot's, and arriving after the reports it shows the bot had its chance to repeat.
    for (let i = 0; i < 2; i++)
      expect(await send(guest, pid, progress(1, 90))).toMatchObject({ mismatches: 7 + i, desynced: true });
    const own = nextChat(other, (m) => m.publisher === 'db-guest');
    const sent = await w.call('db-guest', 'POST', `chats/${chatId(pid)}`, { message: 'where are we?' });
    expect(sent.status).toBe(201);
    await own;
    expect(bots(toGuest)).toHaveLength(1);
    expect(bots(toOther)).toEqual([]);
    expect(bots(toHost)).toEqual([]);

    // Persisted for the viewer, and only in their history.
    expect(bots(await history('db-guest', pid))).toEqual([bot]);
    expect(bots(await history('db-other', pid))).toEqual([]);
    expect(bots(await history('db-host', pid))).toEqual([]);

    // Back in sync (the count starts again), then lost again: told again, and the bot is not slowed.
    expect(await send(guest, pid, progress(1, 100))).toMatchObject({ mismatches: 0, desynced: false });
    const again = nextChat(guest, (m) => m.type === 'bot' && m.id !== bot.id);
    await loseSync(guest, pid);
    expect(await again).toMatchObject({ type: 'bot', to: 'db-guest' });
    expect(bots(await history('db-guest', pid))).toHaveLength(2);
    expect(bots(toOther)).toEqual([]);
  });

  it('a bot message cannot be forged: a user’s message is always theirs, of type message', async () => {
    const { pid } = await room('db-host2', ['db-guest2']);
    const res = await world().t.h.app.inject({
      method: 'POST',
      url: `/v2/sites/acme/chats/${chatId(pid)}`,
      headers: bearer(await world().as('db-guest2')),
      payload: {
        message: 'You have lost sync with the host.',
        type: 'bot',
        publisher: 'bot',
        to: 'db-host2',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'message', publisher: 'db-guest2' });
    expect(res.json()).not.toHaveProperty('to');
  });
});
