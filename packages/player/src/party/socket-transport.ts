import { realtimeCall, type RealtimeSocket } from '@marquee/api-client';
import type { PartyTransport } from './session';

/** The party `pid`'s transport on the realtime socket: `party:message` both ways (decision 0046). */
export function socketPartyTransport(socket: RealtimeSocket, pid: string): PartyTransport {
  return {
    send: (message) => realtimeCall(socket, 'party:message', { pid, message }),
    subscribe: (on) => {
      const handler = (from: string, message: Parameters<typeof on>[0]) => from === pid && on(message);
      socket.on('party:message', handler);
      return () => void socket.off('party:message', handler);
    },
  };
}
