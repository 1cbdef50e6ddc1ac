import type { RateLimiter } from '../../infra/rate-limiter';
import {
  createChatCore,
  type ChatCoreDeps,
  type ChatPublisher,
  type ChatRoom,
  type ChatRoomAccess,
  type ChatSite,
} from './chat-core';
import { createChatMessages } from './chat-messages';
import { createChatModeration } from './chat-moderation';

export type { ChatPublisher, ChatRoom, ChatRoomAccess, ChatSite };
export type ChatService = ReturnType<typeof createChatService>;

/**
 * Chat (playback-and-social §4.10, §6, §7; decision 0045): chat tokens, messages (persisted, sent
 * over the socket or HTTP), history, slow mode and the flood limit (through the shared limiter,
 * so across nodes), mutes, 48-hour bans and staff deletion. The ban table is the one source of
 * truth for suspension: a write token is refused while it holds, and every message checks it.
 * The composition of its parts: `chat-core.ts` (what they share), `chat-messages.ts` (tokens,
 * joining, messages, history), `chat-moderation.ts` (deletion, bans, mutes, users, names).
 */
export function createChatService(
  deps: ChatCoreDeps & {
    limiter: RateLimiter;
    /** The auth secret: chat tokens are signed under a key derived from it. */
    secret: string;
  },
) {
  const core = createChatCore(deps);
  return {
    /** The realtime feature's publisher (one per app). */
    attach: core.attach,
    ...createChatMessages(core, deps),
    ...createChatModeration(core),
  };
}
