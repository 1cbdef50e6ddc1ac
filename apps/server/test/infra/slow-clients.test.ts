import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness';

// A real listening server with short, configured timeouts, and a raw socket that never finishes.
let h: Harness;
let port: number;

beforeAll(async () => {
  h = await createHarness({ env: { REQUEST_TIMEOUT_MS: '400', HEADERS_TIMEOUT_MS: '300' } });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  // Without the timeouts these sockets would stay open: drop them so the run ends either way.
  for (const socket of sockets) socket.destroy();
  await h?.close();
});
const sockets: Socket[] = [];

/** Opens a socket, writes `data`, and resolves with everything the server sent once it closes. */
function sendAndWaitForClose(data: string): Promise<{ received: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(data));
    sockets.push(socket);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ received, socket }));
  });
}

describe('slow clients', () => {
  it('cuts a request whose body never finishes (408, connection closed)', { timeout: 10_000 }, async () => {
    const body = '{"type":"pla';
    const { received } = await sendAndWaitForClose(
      'POST /v2/sites/demo/analytics/video HTTP/1.1\r\n' +
        'Host: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n' +
        body,
    );
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts a client that never finishes its headers', { timeout: 10_000 }, async () => {
    const { received } = await sendAndWaitForClose('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('the server applies the configured timeouts', () => {
    expect(h.app.server.requestTimeout).toBe(400);
    expect(h.app.server.headersTimeout).toBe(300);
    expect(h.app.server.keepAliveTimeout).toBe(72_000);
  });
});
