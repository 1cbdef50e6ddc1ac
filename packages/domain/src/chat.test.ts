import { describe, expect, it } from 'vitest';
import {
  isChatRefusal,
  CHAT_BAN_MS,
  CHAT_HISTORY_DESKTOP,
  CHAT_HISTORY_MOBILE,
  CHAT_HISTORY_PAGE,
  CHAT_MESSAGE_MAX,
  CHAT_SUSPENDED_MESSAGE,
  CHAT_TOKEN_RENEW_EARLY_MS,
  CHAT_TOKEN_TTL_MS,
  chatDisplayName,
  chatIdOf,
  chatNameProblem,
  chatTokenRenewAt,
  emojify,
  normalizeChatMessage,
  onlineShown,
  parseChatId,
  slowModeSecondsOf,
  trimChatHistory,
} from './chat';

describe('chat constants (playback-and-social §9)', () => {
  it('"Chat: 140 characters; history 100 desktop, 40 mobile, 30 from the service; ban 48 hours; token TTL 60 minutes, renewed about 60 s early"', () => {
    expect(CHAT_MESSAGE_MAX).toBe(140);
    expect([CHAT_HISTORY_DESKTOP, CHAT_HISTORY_MOBILE, CHAT_HISTORY_PAGE]).toEqual([100, 40, 30]);
    expect(CHAT_BAN_MS).toBe(48 * 3600 * 1000);
    expect(CHAT_TOKEN_TTL_MS).toBe(60 * 60 * 1000);
    expect(CHAT_TOKEN_RENEW_EARLY_MS).toBe(60 * 1000);
  });

  it('§8: "Your chat privileges have been suspended."', () => {
    expect(CHAT_SUSPENDED_MESSAGE).toBe('Your chat privileges have been suspended.');
  });
});

describe('normalizeChatMessage (§5 "Chat message: at most 140 characters")', () => {
  it('refuses 141 characters, empty and blank messages, and control characters', () => {
    expect(normalizeChatMessage('a'.repeat(141))).toEqual({
      problem: 'Message is longer than 140 characters',
    });
    expect(normalizeChatMessage('')).toEqual({ problem: 'Message is empty' });
    expect(normalizeChatMessage(' \n\t ')).toEqual({ problem: 'Message is empty' });
    expect(normalizeChatMessage('hi\u0000there')).toEqual({ problem: 'Message contains control characters' });
  });

  it('accepts exactly 140, counting an emoji as one character', () => {
    expect(normalizeChatMessage('a'.repeat(140))).toEqual({ value: 'a'.repeat(140) });
    expect(normalizeChatMessage('😄'.repeat(140))).toEqual({ value: '😄'.repeat(140) });
    expect(normalizeChatMessage('😄'.repeat(141))).toHaveProperty('problem');
  });

  it('folds line breaks and runs of spaces into one space and trims', () => {
    expect(normalizeChatMessage('  what\n\na   goal!  ')).toEqual({ value: 'what a goal!' });
  });
});

describe('chat ids', () => {
  it('names a room as kind-id and reads it back; anything else names none', () => {
    expect(chatIdOf({ kind: 'live', id: 'final-2026' })).toBe('live-final-2026');
    expect(parseChatId('live-final-2026')).toEqual({ kind: 'live', id: 'final-2026' });
    expect(parseChatId('party-p_1')).toEqual({ kind: 'party', id: 'p_1' });
    for (const bad of ['live', 'lobby-final', 'live-', 'live-no spaces', `video-${'x'.repeat(65)}`])
      expect(parseChatId(bad), bad).toBeNull();
  });
});

describe('display names (§4.10 "A user with no first name is first asked for a display name")', () => {
  it('uses the chat name, else the first name, else none', () => {
    expect(chatDisplayName({ chatUsername: 'Ace', firstName: 'Anna' })).toBe('Ace');
    expect(chatDisplayName({ chatUsername: null, firstName: 'Anna' })).toBe('Anna');
    expect(chatDisplayName({ chatUsername: ' ', firstName: ' ' })).toBeNull();
  });

  it('refuses blank, one-character and over-30-character names', () => {
    expect(chatNameProblem('  ')).toBe('A name is required');
    expect(chatNameProblem('A')).toBe('Name must be at least 2 characters long');
    expect(chatNameProblem('x'.repeat(31))).toBe('Name must be at most 30 characters long');
    expect(chatNameProblem('Ace')).toBeNull();
  });
});

describe('history (§4.10 "at most 100 messages on desktop and 40 otherwise, dropping the oldest")', () => {
  const messages = Array.from({ length: 120 }, (_, i) => i);
  it('keeps the newest 100 on desktop and 40 otherwise', () => {
    expect(trimChatHistory(messages, true)).toEqual(messages.slice(20));
    expect(trimChatHistory(messages, false)).toEqual(messages.slice(80));
    expect(trimChatHistory([1, 2], false)).toEqual([1, 2]);
  });
});

describe('token renewal (§4.10 "renewed about 60 s before its 60-minute expiry")', () => {
  it('renews 60 s before expiry, never in the past', () => {
    expect(chatTokenRenewAt(CHAT_TOKEN_TTL_MS, 0)).toBe(CHAT_TOKEN_TTL_MS - 60_000);
    expect(chatTokenRenewAt(1000, 5000)).toBe(5000);
  });
});

describe('slow mode', () => {
  it('is the site’s seconds while slowModeChat is on, and off otherwise', () => {
    expect(slowModeSecondsOf({ slowModeChat: true }, { slowModeSeconds: 10 })).toBe(10);
    expect(slowModeSecondsOf({ slowModeChat: false }, { slowModeSeconds: 10 })).toBe(0);
  });
});

describe('isChatRefusal (decision 0053)', () => {
  it('names the rooms a retry cannot open, and nothing else', () => {
    expect(isChatRefusal('notEntitled')).toBe(true);
    expect(isChatRefusal('notPartyMember')).toBe(true);
    for (const code of ['chatSuspended', 'chatNameRequired', 'forbidden', undefined])
      expect(isChatRefusal(code)).toBe(false);
  });
});

describe('online count (§9 "online-user threshold comes from config", decision 0053)', () => {
  it('shows the count once it reaches the threshold, never below it, and never with threshold 0', () => {
    expect(onlineShown(9, 10)).toBeNull();
    expect(onlineShown(10, 10)).toBe(10);
    expect(onlineShown(250, 10)).toBe(250);
    expect(onlineShown(1, 1)).toBe(1);
    expect(onlineShown(5000, 0)).toBeNull();
  });
});

describe('emoji shortcodes', () => {
  it('replaces known shortcodes and leaves unknown ones and markup as typed text', () => {
    expect(emojify('goal :fire: :tada:')).toBe('goal 🔥 🎉');
    expect(emojify(':nope: <b>:smile:</b>')).toBe(':nope: <b>😄</b>');
  });
});
