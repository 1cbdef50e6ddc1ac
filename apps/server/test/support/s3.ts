import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks every request's signature against them). */
export const S3_KEY = 'S3RVER';
export const S3_BUCKET = 'media';

export type LocalS3 = {
  endpoint: string;
  port: number;
  /** The server's env for this bucket (loadConfig's S3_* variables). */
  env: Record<string, string>;
  client: S3Client;
  /** Keys in the bucket under a prefix. */
  keys: (prefix?: string) => Promise<string[]>;
  close: () => Promise<void>;
};

/** A local S3-compatible server (s3rver, a devDependency) on a free loopback port, with one bucket. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'marquee-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_KEY },
  });
  return {
    endpoint,
    port,
    env: {
      S3_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async keys(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: prefix }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A proxy in front of the S3 server that answers 403 AccessDenied to every PUT whose path matches
 * `refuse`, and passes everything else on: an upload that fails half-way, over the network.
 */
export async function refusingProxy(
  target: number,
  refuse: RegExp,
): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method === 'PUT' && refuse.test(req.url ?? '')) {
      req.resume();
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Refused by the test</Message></Error>',
      );
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
