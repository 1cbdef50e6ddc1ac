import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../plugins/errors';

/** What a chat token grants: one user, on one site, in one room, to read and/or write, until exp. */
export type ChatClaims = {
  site: string;
  chatId: string;
  userId: string;
  read: boolean;
  write: boolean;
  exp: number;
};

const PREFIX = 'chat1';

/** 401 for a token past its `exp`: on join, on send, and as the reason a joined room is closed. */
export const chatTokenExpired = () =>
  new AppError(401, 'chatTokenExpired', 'Chat token expired: renew it', 'token');

/**
 * Chat tokens (decision 0045): `chat1.<payload>.<mac>`, the payload base64url JSON and the mac an
 * HMAC-SHA256 under a key derived from the auth secret for chat alone (so no other token of ours
 * is ever a chat token, nor the other way round). `exp` is epoch ms.
 */
export function createChatTokens(secret: string) {
  const key = createHmac('sha256', secret).update('marquee chat tokens').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(`${PREFIX}.${payload}`).digest();
  return {
    sign(claims: ChatClaims): string {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${PREFIX}.${payload}.${mac(payload).toString('base64url')}`;
    },
    /** The claims of a well-formed token with a valid mac (expiry is the caller's check), else null. */
    read(token: string): ChatClaims | null {
      const [prefix, payload, signature, ...rest] = token.split('.');
      if (prefix !== PREFIX || !payload || !signature || rest.length > 0) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<ChatClaims>;
        if (
          typeof c.site !== 'string' ||
          typeof c.chatId !== 'string' ||
          typeof c.userId !== 'string' ||
          typeof c.read !== 'boolean' ||
          typeof c.write !== 'boolean' ||
          typeof c.exp !== 'number'
        )
          return null;
        return c as ChatClaims;
      } catch {
        return null;
      }
    },
  };
}
