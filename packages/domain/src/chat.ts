/**
 * Chat rules the server and the clients share (playback-and-social §4.10, §5, §6, §9; decision 0045).
 */

/** §5: "Chat message: at most 140 characters." Counted in code points, so an emoji is one. */
export const CHAT_MESSAGE_MAX = 140;
/** §9: "history 100 desktop, 40 mobile, 30 from the service". */
export const CHAT_HISTORY_DESKTOP = 100;
export const CHAT_HISTORY_MOBILE = 40;
export const CHAT_HISTORY_PAGE = 30;
/** §9: "ban 48 hours" (accounts-and-commerce §9: "chat ban 2 days"). */
export const CHAT_BAN_MS = 48 * 3600 * 1000;
/** §9: "token TTL 60 minutes, renewed about 60 s early". */
export const CHAT_TOKEN_TTL_MS = 60 * 60 * 1000;
export const CHAT_TOKEN_RENEW_EARLY_MS = 60 * 1000;
/** §8: the chat error on a 403 to a write token. */
export const CHAT_SUSPENDED_MESSAGE = 'Your chat privileges have been suspended.';
/**
 * Ours (the spec names a flood limit without numbers): at most 5 messages in 10 s per user on a
 * site, whatever the room, on top of slow mode.
 */
export const CHAT_FLOOD = { limit: 5, windowMs: 10_000 } as const;
/**
 * Ours (decision 0053): the refusal when the viewer may not watch what the room is about (a paid
 * or login-only live event, video or live channel): the room follows the content's access rules.
 */
export const CHAT_NOT_ENTITLED_MESSAGE = 'A subscription, rental or purchase is required to join this chat';
/** Ours (decision 0053): a watch party's chat is for its members. */
export const CHAT_PARTY_MEMBERS_MESSAGE = 'Only the members of this watch party can join its chat';
/**
 * The error codes of a room the viewer may not enter (decision 0053): trying again cannot help,
 * so a client says why instead of offering a retry.
 */
export const isChatRefusal = (code: string | undefined) =>
  code === 'notEntitled' || code === 'notPartyMember';
/**
 * Ours (decision 0053): the online count ("N watching") is recounted at most this often per room
 * and node after people join or leave, so a crowd arriving is one broadcast, not one per join.
 */
export const CHAT_ONLINE_RECOUNT_MS = 5_000;
/** Ours: a chat display name is 2 to 30 characters (the first-name rule's minimum). */
export const CHAT_NAME_MIN = 2;
export const CHAT_NAME_MAX = 30;
/** Ours: at most this many people on one muted list. */
export const CHAT_MUTE_LIST_MAX = 500;

/**
 * A message the room's bot posts (§4.9 "The bot message is 'You have lost sync with the host.'"):
 * `type` 'bot', this publisher (no user is its author) and this name; it never counts against
 * slow mode or the flood limit (decision 0052).
 */
export const CHAT_BOT = { publisher: 'bot', username: 'Watch Party' } as const;

/** What a chat room is about: a live event, a video, a live channel or a watch party. */
export const CHAT_ROOM_KINDS = ['live', 'video', 'channel', 'party'] as const;
export type ChatRoomKind = (typeof CHAT_ROOM_KINDS)[number];

/** A chat's id in the spec's `chats/{id}` calls: the room's kind, a dash, then its id ("live-final"). */
export const chatIdOf = (room: { kind: ChatRoomKind; id: string }) => `${room.kind}-${room.id}`;

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The room a chat id names, or null when it names none. */
export function parseChatId(chatId: string): { kind: ChatRoomKind; id: string } | null {
  const dash = chatId.indexOf('-');
  if (dash < 0) return null;
  const kind = chatId.slice(0, dash) as ChatRoomKind;
  const id = chatId.slice(dash + 1);
  if (!CHAT_ROOM_KINDS.includes(kind) || !ROOM_ID.test(id)) return null;
  return { kind, id };
}

/**
 * A message as it is sent and stored: line breaks and runs of whitespace become one space, the
 * ends are trimmed, control characters are refused. The problem (for the field's 400) or the value.
 */
export function normalizeChatMessage(raw: string): { value: string } | { problem: string } {
  const value = raw
    .replace(/[\t\n\r\f\v]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (value === '') return { problem: 'Message is empty' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return { problem: 'Message contains control characters' };
  if ([...value].length > CHAT_MESSAGE_MAX)
    return { problem: `Message is longer than ${CHAT_MESSAGE_MAX} characters` };
  return { value };
}

/** A display name for chat (the "add name to chat" modal): the problem, or the trimmed name. */
export function chatNameProblem(raw: string): string | null {
  const name = raw.trim();
  if (name === '') return 'A name is required';
  if ([...name].length < CHAT_NAME_MIN) return `Name must be at least ${CHAT_NAME_MIN} characters long`;
  if ([...name].length > CHAT_NAME_MAX) return `Name must be at most ${CHAT_NAME_MAX} characters long`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'Name contains control characters';
  return null;
}

/**
 * The name a user chats under: their chat name, else their first name; null when they have
 * neither (§4.10: "A user with no first name is first asked for a display name").
 */
export function chatDisplayName(user: { chatUsername?: string | null; firstName: string }): string | null {
  const name = user.chatUsername?.trim() || user.firstName.trim();
  return name === '' ? null : name;
}

/**
 * Keeps the newest messages of a history: §4.10 "at most 100 messages on desktop and 40
 * otherwise, dropping the oldest". `messages` are oldest first.
 */
export function trimChatHistory<T>(messages: T[], desktop: boolean): T[] {
  const max = desktop ? CHAT_HISTORY_DESKTOP : CHAT_HISTORY_MOBILE;
  return messages.length > max ? messages.slice(messages.length - max) : messages;
}

/** When a chat token is renewed: about 60 s before it expires (never in the past). */
export const chatTokenRenewAt = (expiresAt: number, now: number) =>
  Math.max(now, expiresAt - CHAT_TOKEN_RENEW_EARLY_MS);

/**
 * Slow mode's seconds between one user's messages in a room: the site's chat setting while the
 * site's slowModeChat flag is on; 0 (no slow mode) otherwise.
 */
/**
 * §9 "online-user threshold comes from config" (decision 0053): the room's online count is shown
 * once it reaches the threshold; 0 turns the count off (null: show nothing).
 */
export const onlineShown = (online: number, threshold: number): number | null =>
  threshold > 0 && online >= threshold ? online : null;

export const slowModeSecondsOf = (perms: { slowModeChat: boolean }, chat: { slowModeSeconds: number }) =>
  perms.slowModeChat ? Math.max(0, chat.slowModeSeconds) : 0;

/** Emoji shortcodes a message may use (a small fixed table, ours). */
export const CHAT_EMOJI: Readonly<Record<string, string>> = {
  smile: '😄',
  grin: '😁',
  joy: '😂',
  wink: '😉',
  heart: '❤️',
  thumbsup: '👍',
  thumbsdown: '👎',
  clap: '👏',
  fire: '🔥',
  tada: '🎉',
  cry: '😢',
  angry: '😠',
  wow: '😮',
  eyes: '👀',
  pray: '🙏',
  '100': '💯',
  goal: '⚽',
  trophy: '🏆',
  popcorn: '🍿',
  rocket: '🚀',
};

/** Replaces known shortcodes (":smile:" → "😄"); unknown ones stay as typed. Text in, text out. */
export const emojify = (text: string) =>
  text.replace(/:([a-z0-9_+-]{1,32}):/g, (whole, code: string) => CHAT_EMOJI[code] ?? whole);
