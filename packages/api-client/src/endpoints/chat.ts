import type {
  ChatBan,
  ChatBanBody,
  ChatGrant,
  ChatHistory,
  ChatMessage,
  ChatMuteAnswer,
  ChatMuteList,
  ChatTokenBody,
  ChatUsername,
} from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';

// Chat (playback-and-social §7 Chat; decision 0045): the spec's chats/… calls under /v2/sites/{site}.

const chatPath = (api: ApiClient, ...rest: string[]) => sitePath(api.site, 'chats', ...rest);

/** PATCH chats/{id} {read, write}: a chat token (60 minutes); 403 suspended, 409 no name yet. */
export const grantChatToken = (api: ApiClient, chatId: string, body: ChatTokenBody) =>
  api.request<ChatGrant>('PATCH', chatPath(api, chatId), { body });

/** POST chats/{id} {message}: sends without the socket. */
export const sendChatMessage = (api: ApiClient, chatId: string, message: string) =>
  api.request<ChatMessage>('POST', chatPath(api, chatId), { body: { message } });

/** GET chats/{id}/messages: the latest 30 (or after / before a message id), oldest first. */
export const getChatHistory = (
  api: ApiClient,
  chatId: string,
  query: { after?: string; before?: string } = {},
) => api.get<ChatHistory>(chatPath(api, chatId, 'messages'), { query });

/** PATCH chats/mute/{id} {mute}. */
export const muteChatUser = (api: ApiClient, userId: string, mute: boolean) =>
  api.request<ChatMuteAnswer>('PATCH', chatPath(api, 'mute', userId), { body: { mute } });

/** GET chats/muteList/. */
export const getChatMuteList = (api: ApiClient) => api.get<ChatMuteList>(chatPath(api, 'muteList'));

/** PATCH chats/ban {userId, chatBanUntil}: staff, support and admin. */
export const banChatUser = (api: ApiClient, body: ChatBanBody) =>
  api.request<ChatBan>('PATCH', chatPath(api, 'ban'), { body });

/** DELETE chats/{id}/messages/{messageId}: staff, support and admin. */
export const deleteChatMessage = (api: ApiClient, chatId: string, messageId: string) =>
  api.request<void>('DELETE', chatPath(api, chatId, 'messages', messageId));

/** PATCH chats/username: the "add name to chat" name. */
export const setChatUsername = (api: ApiClient, chatUsername: string) =>
  api.request<ChatUsername>('PATCH', chatPath(api, 'username'), { body: { chatUsername } });
