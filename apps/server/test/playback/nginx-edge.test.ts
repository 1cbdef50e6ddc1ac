import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile } from '../../src/media/ingest';
import { createMediaSigner } from '../../src/modules/playback/media-token';
import { entitlementsHarness } from '../entitlements/fixtures';
import { createHarness, type Harness } from '../harness';
import { makeClip } from '../media/fixtures';
import { nginxAvailable, startNginx, type Nginx } from '../support/nginx';
import { S3_BUCKET, startLocalS3, type LocalS3 } from '../support/s3';
import { START } from '../support/accounts';
import { grantSite, ingestPaidVideo } from './encrypted-asset';
import { acmeWithAsset } from './fixtures';

// nginx in front of the API (decision 0086): deploy/nginx/media.conf with marquee-media.js checks
// the media token at the edge and serves playlists and segments from the store without Node;
// keys, licences, paid subtitles and live playlists go to the server. A real nginx process.

type Res = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** Sends the path exactly as written (no URL normalisation), over a real socket. */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Listens on a free loopback port and records every path Node is asked for. */
async function listen(h: Harness): Promise<{ port: number; seen: string[] }> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const seen: string[] = [];
  h.app.server.on('request', (req: { url?: string }) => seen.push(req.url ?? ''));
  return { port: (h.app.server.address() as AddressInfo).port, seen };
}

const nowS = () => Math.floor(Date.now() / 1000);

describe.skipIf(!nginxAvailable())('nginx edge, media in S3', () => {
  let s3: LocalS3;
  let t: Awaited<ReturnType<typeof entitlementsHarness>>;
  let edge: Nginx;
  let node: { port: number; seen: string[] };
  let clearId: string;
  let paidId: string;
  let paidKey: Buffer;
  let sign: (claims: { exp: number; asset?: string; video?: string; user?: string; sid?: string }) => string;

  const objectBytes = async (key: string) => {
    const got = await s3.client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: key }));
    return Buffer.from(await got.Body!.transformToByteArray());
  };
  const mediaSeen = () => node.seen.filter((u) => u.startsWith('/media/'));

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await entitlementsHarness({ ...s3.env, PLAY_URL_TTL_SECONDS: '600' });
    t.clock.now = Date.now(); // the edge checks expiry on the real clock
    const made = await ingestPaidVideo(t, 'v-paid', true);
    paidId = made.assetId;
    paidKey = Buffer.from(made.key.key_hex, 'hex');
    const clip = join(t.h.config.dataDir, 'clear.mp4');
    const vtt = join(t.h.config.dataDir, 'clear.vtt');
    writeFileSync(vtt, 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n');
    await makeClip(clip, { seconds: 4, height: 180 });
    clearId = (
      await ingestFile(t.h, {
        siteUid: 'acme',
        file: clip,
        assetOnly: true,
        preset: 'ultrafast',
        subtitles: vtt,
      })
    ).assetId;
    const signer = createMediaSigner(t.h.config.mediaSecret);
    sign = (claims) => signer.sign(claims);
    node = await listen(t.h);
    edge = await startNginx({
      apiPort: node.port,
      store: { kind: 's3', port: s3.port },
      env: { MEDIA_SECRET: t.h.config.mediaSecret, ...s3.env },
    });
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
    await t?.h.close();
    await s3?.close();
  });

  it('serves playlists and segments itself: the stored bytes, with Node’s types, caching and ranges', async () => {
    const token = sign({ exp: nowS() + 600, asset: clearId });
    const base = `/media/${token}/${clearId}/`;
    const master = await get(edge.port, `${base}master.m3u8`);
    expect(master.status, edge.errorLog()).toBe(200);
    expect(master.body.equals(await objectBytes(`${clearId}/master.m3u8`))).toBe(true);
    const variant = master.body
      .toString()
      .split('\n')
      .find((l) => l.endsWith('.m3u8'))!;
    const folder = variant.slice(0, variant.lastIndexOf('/') + 1);
    const playlist = await get(edge.port, base + variant);
    expect(playlist.status).toBe(200);
    const segment = `${folder}${playlist.body
      .toString()
      .split('\n')
      .find((l) => l.endsWith('.ts'))!}`;
    const stored = await objectBytes(`${clearId}/${segment}`);

    const seg = await get(edge.port, base + segment);
    expect(seg.status).toBe(200);
    expect(seg.body.equals(stored)).toBe(true);
    const ranged = await get(edge.port, base + segment, { range: 'bytes=188-375' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 188-375/${stored.length}`);
    expect(ranged.body.equals(stored.subarray(188, 376))).toBe(true);
    const head = await get(edge.port, base + segment, {}, 'HEAD');
    expect([head.status, head.headers['content-length']]).toEqual([200, String(stored.length)]);
    expect(mediaSeen()).toEqual([]);

    for (const file of ['master.m3u8', variant, segment, 'subs-en.vtt', 'thumb-high.jpg']) {
      const fromNode = await t.h.app.inject(base + file);
      const fromEdge = await get(edge.port, base + file);
      expect(fromEdge.status, file).toBe(200);
      expect(fromEdge.headers['content-type'], file).toBe(fromNode.headers['content-type']);
      expect(fromEdge.headers['cache-control'], file).toBe(fromNode.headers['cache-control']);
    }
  });

  it('refuses at the edge: a tampered, forged, expired or other asset’s token 403, an unserved name 404', async () => {
    t.clock.now = Date.now();
    const good = sign({ exp: nowS() + 600, asset: clearId });
    const [body, sig] = good.split('.') as [string, string];
    const tampered = `${Buffer.from(JSON.stringify({ exp: nowS() + 600, asset: paidId })).toString('base64url')}.${sig}`;
    const forged = createMediaSigner('another-secret-another-secret-0123456').sign({
      exp: nowS() + 600,
      asset: clearId,
    });
    const flipped = `${body}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const cases = [
      `/media/${tampered}/${paidId}/master.m3u8`,
      `/media/${forged}/${clearId}/master.m3u8`,
      `/media/${flipped}/${clearId}/master.m3u8`,
      `/media/${sign({ exp: nowS() - 60, asset: clearId })}/${clearId}/master.m3u8`,
      `/media/${good}/${paidId}/master.m3u8`,
      `/media/not-a-token/${clearId}/master.m3u8`,
    ];
    for (const path of cases) {
      const res = await get(edge.port, path);
      expect(res.status, path).toBe(403);
      expect(JSON.parse(res.body.toString()).error.code).toBe('forbidden');
      expect((await t.h.app.inject(path)).statusCode, path).toBe(403);
    }
    expect((await get(edge.port, `/media/${good}/${clearId}/source.mp3`)).status).toBe(404);
    expect((await get(edge.port, `/media/${good}/${clearId}/360p/seg_09999.ts`)).status).toBe(404);
    expect(mediaSeen()).toEqual([]);
  });

  it('refuses path traversal, encoded or not, and never serves a file outside the asset', async () => {
    const token = sign({ exp: nowS() + 600, asset: clearId });
    for (const path of [
      `/media/${token}/${clearId}/../${paidId}/master.m3u8`,
      `/media/${token}/${clearId}/360p/../../${paidId}/master.m3u8`,
      `/media/${token}/${clearId}/%2e%2e/${paidId}/master.m3u8`,
      `/media/${token}/${clearId}/360p%2fseg_00000.ts`,
      `/media/${token}/${clearId}/360p\\seg_00000.ts`,
      `/media/${token}/${clearId}//master.m3u8`,
      `/media/${token}/${clearId}/./master.m3u8`,
    ]) {
      const res = await get(edge.port, path);
      expect(res.status, path).toBe(400);
    }
    expect(mediaSeen()).toEqual([]);
  });

  it('sends keys to the server, which honours entitlement; no key is cached', async () => {
    // Keys are not checked at the edge: the server's clock (the harness's) decides, as its admin's token.
    t.clock.now = START;
    // As play-url signs it for the viewer (with a session of theirs), before and after their grant.
    const claims = { asset: paidId, video: 'v-paid', user: 'viewer', sid: 'session-viewer' };
    const token = sign({ exp: START / 1000 + 600, ...claims });
    const keyPath = `/media/${token}/${paidId}/content.key`;
    const before = node.seen.length;

    const refused = await get(edge.port, keyPath);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body.toString()).error.code).toBe('notEntitled');
    expect(refused.headers['cache-control']).toBe('private, no-store');

    expect((await grantSite(t, 'viewer')).statusCode).toBe(201);
    const key = await get(edge.port, keyPath);
    expect(key.status).toBe(200);
    expect(key.body.equals(paidKey)).toBe(true);
    expect(key.headers['cache-control']).toBe('private, no-store');

    const anonymous = sign({ exp: START / 1000 + 600, asset: paidId, video: 'v-paid' });
    expect((await get(edge.port, `/media/${anonymous}/${paidId}/content.key`)).status).toBe(401);
    expect(node.seen.slice(before).filter((u) => u.endsWith('/content.key'))).toHaveLength(3);
    // A licence request (POST) reaches the server too, which answers it (here: no body, 400).
    const licence = await get(edge.port, `/media/${token}/${paidId}/clearkey-license`, {}, 'POST');
    expect([licence.status, licence.headers['cache-control']]).toEqual([400, 'private, no-store']);
    expect(node.seen).toContain(`/media/${token}/${paidId}/clearkey-license`);
    // The paid asset's segments are served at the edge (ciphertext), its subtitles are not public.
    const segment = await get(
      edge.port,
      `/media/${sign({ exp: nowS() + 600, ...claims })}/${paidId}/360p/seg_00000.ts`,
    );
    expect(segment.status).toBe(200);
    expect(segment.body.equals(await objectBytes(`${paidId}/360p/seg_00000.ts`))).toBe(true);
  });

  it('thumbnails are public from the store; subtitles and live playlists go to the server', async () => {
    const thumb = await get(edge.port, `/media/thumbs/${clearId}/thumb-default.jpg`);
    expect(thumb.status).toBe(200);
    expect(thumb.body.equals(await objectBytes(`${clearId}/thumb-default.jpg`))).toBe(true);
    const nodeThumb = await t.h.app.inject(`/media/thumbs/${clearId}/thumb-default.jpg`);
    expect(thumb.headers['cache-control']).toBe(nodeThumb.headers['cache-control']);
    expect(thumb.headers['content-type']).toBe(nodeThumb.headers['content-type']);
    expect((await get(edge.port, `/media/thumbs/${clearId}/secret.txt`)).status).toBe(404);
    expect((await get(edge.port, `/media/thumbs/${clearId}/../../etc/passwd`)).status).not.toBe(200);
    expect(node.seen.filter((u) => u.startsWith('/media/thumbs/'))).toEqual([]);

    const subs = await get(edge.port, `/media/subs/${clearId}/subs-en.vtt`);
    expect(subs.status).toBe(200);
    expect(subs.body.toString()).toContain('Hello');
    expect((await get(edge.port, `/media/subs/${paidId}/subs-en.vtt`)).status).toBe(404);
    expect(node.seen).toContain(`/media/subs/${clearId}/subs-en.vtt`);

    expect((await get(edge.port, '/live/not-a-token/acme/news/master.m3u8')).status).toBe(403);
    expect(node.seen).toContain('/live/not-a-token/acme/news/master.m3u8');
  });
});

describe.skipIf(!nginxAvailable())('nginx edge, media on disk', () => {
  let h: Harness;
  let edge: Nginx;
  let node: { port: number; seen: string[] };

  beforeAll(async () => {
    h = await createHarness();
    await acmeWithAsset(h, { 'v-asset1': {} });
    node = await listen(h);
    edge = await startNginx({
      apiPort: node.port,
      store: { kind: 'disk', root: h.config.mediaDir },
      env: { MEDIA_SECRET: h.config.mediaSecret },
    });
  }, 60_000);
  afterAll(async () => {
    await edge?.close();
    await h?.close();
  });

  it('serves a valid play-url’s files from the folder as Node does, without Node', async () => {
    const play = (await h.app.inject('/v2/sites/acme/videos/v-asset1/play-url')).json();
    const base = play.url.slice(0, play.url.lastIndexOf('/') + 1);
    const before = node.seen.length;
    for (const file of ['master.m3u8', '360p/index.m3u8', '360p/seg_00000.ts', 'thumb-high.jpg']) {
      const fromEdge = await get(edge.port, base + file);
      const fromNode = await h.app.inject(base + file);
      expect(fromEdge.status, edge.errorLog()).toBe(200);
      expect(fromEdge.body.equals(fromNode.rawPayload), file).toBe(true);
      expect(fromEdge.headers['content-type'], file).toBe(fromNode.headers['content-type']);
      expect(fromEdge.headers['cache-control'], file).toBe(fromNode.headers['cache-control']);
    }
    const ranged = await get(edge.port, `${base}360p/seg_00000.ts`, { range: 'bytes=0-187' });
    expect([ranged.status, ranged.body.length]).toEqual([206, 188]);
    expect(node.seen.length).toBe(before);
    const tampered = base.replace(/\.[A-Za-z0-9_-]{22}\//, `.${'A'.repeat(22)}/`);
    expect((await get(edge.port, `${tampered}master.m3u8`)).status).toBe(403);
    expect((await get(edge.port, '/media/thumbs/asset1/thumb-high.jpg')).status).toBe(200);
    expect((await get(edge.port, '/media/thumbs/asset1/thumb-nope.jpg')).status).toBe(404);
  });
});
