// The realtime module's public face: what features (chat, parties) import (apps/server/src/modules/README.md).
export { handle, roomName, type RealtimeFeature, type RealtimeGateway } from './realtime.gateway';
