import type { ChatMessage } from '@marquee/contract';
import { describe, expect, it } from 'vitest';
import { addChatMessages } from './use-live-chat';

const msg = (id: string, value = id): ChatMessage => ({
  id,
  chatId: 'live-x',
  publisher: 'u1',
  username: 'Pat',
  marqueeUserId: 'u1',
  value,
  verified: false,
  type: 'message',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('addChatMessages', () => {
  it('keeps one of each id, oldest first, a repeat replacing the earlier copy', () => {
    const out = addChatMessages([msg('002'), msg('001')], [msg('003'), msg('002', 'edited')]);
    expect(out.map((m) => [m.id, m.value])).toEqual([
      ['001', '001'],
      ['002', 'edited'],
      ['003', '003'],
    ]);
  });

  it('keeps only the newest of a long history', () => {
    const many = Array.from({ length: 500 }, (_, i) => msg(String(i).padStart(4, '0')));
    const out = addChatMessages([], many);
    expect(out.length).toBeLessThan(500);
    expect(out.at(-1)?.id).toBe('0499');
  });
});
