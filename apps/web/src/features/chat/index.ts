/**
 * Live chat (decision 0045): `<ChatPanel chatId chatroll? loginHref />`, the right menu's Chat tab
 * for a room ("live-{uid}"…), and its messages (namespace `chat`).
 */
export { ChatPanel, type ChatPanelProps } from './components/chat-panel';
