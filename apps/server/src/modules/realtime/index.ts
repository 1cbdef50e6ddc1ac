// The realtime module's public face: what features (chat, watch parties) use to plug in.
export { handle, roomName } from './realtime.gateway';
export type { RealtimeFeature, RealtimeGateway, RealtimeSocket } from './realtime.gateway';
