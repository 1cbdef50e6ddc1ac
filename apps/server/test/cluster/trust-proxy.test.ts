import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/plugins/config';

/**
 * TRUST_PROXY (decision 0087): behind nginx the nodes believe X-Forwarded-For only from the
 * proxy's own address, so a client that reaches a node past nginx cannot choose the address its
 * per-IP limits count against.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'marquee-trust-proxy-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const config = (TRUST_PROXY?: string) =>
  loadConfig({ DATA_DIR: dataDir, ...(TRUST_PROXY ? { TRUST_PROXY } : {}) });

/** The address the app sees for a request from `remoteAddress` carrying X-Forwarded-For: `forwarded`. */
async function seenIp(trustProxy: string | undefined, remoteAddress: string, forwarded: string) {
  const app = Fastify({ trustProxy: config(trustProxy).trustProxy });
  app.get('/', async (req) => req.ip);
  const res = await app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': forwarded } });
  await app.close();
  return res.body;
}

describe('TRUST_PROXY', () => {
  it('is off by default: X-Forwarded-For is ignored', async () => {
    expect(config().trustProxy).toBe(false);
    expect(await seenIp(undefined, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  it("with the proxy's addresses, believes the header only from them, and only its last hop", async () => {
    expect(config('loopback, 10.0.0.0/8').trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    // Through nginx (on loopback): the client nginx saw.
    expect(await seenIp('loopback', '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // A client that put its own value first, then nginx appended the real one: the real one.
    expect(await seenIp('loopback', '127.0.0.1', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    // Straight to the node, not through the proxy: the header is ignored.
    expect(await seenIp('loopback', '192.0.2.7', '203.0.113.9')).toBe('192.0.2.7');
  });

  it("'true' still believes every hop, as before", async () => {
    expect(config('true').trustProxy).toBe(true);
    expect(await seenIp('true', '192.0.2.7', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('refuses a value that is no address, naming the variable', () => {
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'loopback,', '::1/129'])
      expect(() => config(bad), bad).toThrow(/TRUST_PROXY: must be 'true', 'false' or comma-separated/);
    expect(config('::1/128, uniquelocal').trustProxy).toEqual(['::1/128', 'uniquelocal']);
  });
});
