export { LiveChatColumn } from './components/live-chat-column';
