import type { ChatMessage, ChatUser } from '@marquee/contract';
import {
  CHAT_NOT_ENTITLED_MESSAGE,
  CHAT_SUSPENDED_MESSAGE,
  chatDisplayName,
  chatIdOf,
  parseChatId,
  type ChatRoomKind,
} from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import type { RolesService } from '../roles';
import { ownSite, type Site } from '../sites';
import type { ChatMessageRow, ChatRepository, ChatRoomKey, ChatUserRow } from './chat.repository';

export type ChatSite = Site;
export type ChatRoom = { kind: ChatRoomKind; id: string };

/** Where the service announces what happened; the realtime feature attaches the gateway's. */
export type ChatPublisher = {
  message(siteUid: string, room: ChatRoom, message: ChatMessage): void;
  deleted(siteUid: string, room: ChatRoom, deleted: { chatId: string; id: string }): void;
  suspended(siteUid: string, userId: string, ban: { chatBanUntil: string | null; message: string }): void;
};

/**
 * Who may join a party's room beyond being a user of its site (its members, decided by parties):
 * throws the refusal.
 */
export type ChatRoomAccess = (user: AuthUser, site: ChatSite, room: ChatRoom) => Promise<void>;

export const suspended = () => new AppError(403, 'chatSuspended', CHAT_SUSPENDED_MESSAGE);
export const nameRequired = () =>
  new AppError(409, 'chatNameRequired', 'Add a name to chat first', 'chatUsername');
export const userGone = () => new AppError(401, 'unauthorized', 'Authentication required');

export type ChatCoreDeps = {
  repo: ChatRepository;
  roles: Pick<RolesService, 'can' | 'require'>;
  now: () => number;
  /** Whether the room's subject exists on the site (a live event, a video); false answers 404. */
  roomExists?: (siteUid: string, room: ChatRoom) => Promise<boolean>;
  roomAccess?: ChatRoomAccess;
  /**
   * Whether the user may watch what a live, video or channel room is about (the content's access
   * rules: login, purchase; decision 0053). False answers 403 `notEntitled`, except to moderators.
   */
  mayWatch?: (siteUid: string, room: ChatRoom, user: AuthUser) => Promise<boolean>;
};

export type ChatCore = ReturnType<typeof createChatCore>;

/**
 * What both parts of the chat service share: the attached publisher, rooms from chat ids,
 * admission to a room, the caller's row, the active ban, the verified mark and the answer shapes.
 */
export function createChatCore(deps: ChatCoreDeps) {
  const { repo, roles, now } = deps;
  const iso = (ms: number) => new Date(ms).toISOString();
  let publisher: ChatPublisher | null = null;

  const roomOf = (chatId: string): ChatRoom => {
    const room = parseChatId(chatId);
    if (!room) throw badRequest('chatId', 'Invalid chat id');
    return room;
  };
  const key = (siteUid: string, room: ChatRoom): ChatRoomKey => ({ siteUid, kind: room.kind, id: room.id });

  /**
   * The site's user (403 for another site's), chat on (403 where hideChat or disabled), the room
   * exists (404), and the user may enter it: a party's members; for the others, who may watch
   * the content, and moderators (403 `notEntitled`).
   */
  async function admit(user: AuthUser, site: ChatSite, room: ChatRoom): Promise<void> {
    ownSite(site, user);
    if (site.perms.hideChat || !site.chat.enabled)
      throw new AppError(403, 'chatDisabled', 'Chat is not available on this site');
    if (deps.roomExists && !(await deps.roomExists(site.uid, room)))
      throw notFound(`Chat '${chatIdOf(room)}'`);
    if (room.kind === 'party') return deps.roomAccess?.(user, site, room);
    // Staff, support and admin moderate every room, whatever they bought.
    const refused = deps.mayWatch && !(await deps.mayWatch(site.uid, room, user));
    if (refused && !(await roles.can(user, site.uid, 'chat.ban')))
      throw new AppError(403, 'notEntitled', CHAT_NOT_ENTITLED_MESSAGE);
  }

  /** The active ban's end, or null. */
  async function activeBan(siteUid: string, userId: string): Promise<string | null> {
    const until = await repo.banUntil(siteUid, userId);
    return until !== null && Date.parse(until) > now() ? until : null;
  }

  async function currentUser(user: AuthUser): Promise<ChatUserRow> {
    const row = await repo.user(user.id);
    if (!row) throw userGone();
    return row;
  }

  /** Staff, support and admin carry the verified mark (the roles that moderate chat). */
  const isVerified = (siteUid: string, row: Pick<ChatUserRow, 'id' | 'roles'>) =>
    roles.can({ id: row.id, siteUid, roles: row.roles, email: '', sessionId: '' }, siteUid, 'chat.ban');

  const toMessage = (row: ChatMessageRow): ChatMessage => ({
    id: row.id,
    chatId: `${row.room_kind}-${row.room_id}`,
    publisher: row.user_id,
    username: row.username,
    marqueeUserId: row.type === 'bot' ? null : row.user_id,
    value: row.value,
    verified: row.verified === 1,
    type: row.type === 'bot' ? 'bot' : 'message',
    ...(row.to_user_id === null ? {} : { to: row.to_user_id }),
    createdAt: row.created_at,
  });

  async function toChatUser(siteUid: string, row: ChatUserRow): Promise<ChatUser> {
    return {
      userId: row.id,
      username: chatDisplayName({ chatUsername: row.chat_username, firstName: row.first_name }),
      verified: await isVerified(siteUid, row),
    };
  }

  return {
    repo,
    roles,
    now,
    iso,
    /** The realtime feature's publisher (one per app). */
    attach(p: ChatPublisher) {
      publisher = p;
    },
    /** The attached publisher, if any yet. */
    publisher: () => publisher,
    roomOf,
    key,
    admit,
    activeBan,
    currentUser,
    isVerified,
    toMessage,
    toChatUser,
  };
}
