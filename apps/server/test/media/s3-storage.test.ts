import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIF_FILES, renderGif } from '../../src/media/gif';
import { ingestFile } from '../../src/media/ingest';
import { mediaStorage } from '../../src/media/storage';
import { loadConfig } from '../../src/plugins/config';
import { videoRow } from '../fixtures';
import { createHarness, type Harness } from '../harness';
import { refusingProxy, S3_BUCKET, startLocalS3, type LocalS3 } from '../support/s3';
import { makeClip, mediaEntries, seedSite } from './fixtures';

// Media on S3-compatible storage (decision 0086), against a local S3 server (s3rver): a real encode
// goes up to the bucket, and Node serves it back from there.

let s3: LocalS3;
let h: Harness;
let clip: string;
let assetId: string;
let videoUid: string;

const counts = async () => ({
  assets: (await h.db.selectFrom('media_assets').select('id').execute()).length,
  videos: (await h.db.selectFrom('videos').select('uid').execute()).length,
});
const objectBytes = async (key: string) => {
  const got = await s3.client.send(new GetObjectCommand({ Bucket: S3_BUCKET, Key: key }));
  return Buffer.from(await got.Body!.transformToByteArray());
};

beforeAll(async () => {
  s3 = await startLocalS3();
  h = await createHarness({ env: s3.env });
  await seedSite(h);
  clip = join(h.config.dataDir, 'work', 'clip.mp4');
  await makeClip(clip, { seconds: 4, height: 180 });
  const result = await ingestFile(h, { siteUid: 'acme', file: clip, title: 'Clip', preset: 'ultrafast' });
  assetId = result.assetId;
  videoUid = result.videoUid!;
}, 120_000);
afterAll(async () => {
  await h?.close();
  await s3?.close();
});

describe('S3 configuration', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: h.config.dataDir, ...env });

  it('names the variable that is missing or wrong', () => {
    expect(load({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: required when S3_ENDPOINT/);
    expect(load({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: must be an S3 bucket name/);
    expect(load({ S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT: must be an http/);
    expect(load({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY: required/);
    expect(load({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('keeps local disk without S3_BUCKET', () => {
    expect(load({})().s3).toBeNull();
    expect(h.config.s3).toMatchObject({ bucket: S3_BUCKET, endpoint: s3.endpoint, forcePathStyle: true });
  });
});

describe('ingest to S3', () => {
  it('puts every file of the asset under <assetId>/ and leaves nothing in the media folder', async () => {
    const keys = await s3.keys(`${assetId}/`);
    expect(keys).toContain(`${assetId}/master.m3u8`);
    expect(keys).toContain(`${assetId}/thumb-maxres.jpg`);
    expect(keys.filter((k) => /\/seg_\d{5}\.ts$/.test(k)).length).toBeGreaterThanOrEqual(2);
    expect(mediaEntries(h.config.mediaDir)).toEqual([]);
    expect(await mediaStorage(h.config).exists(`${assetId}/master.m3u8`)).toBe(true);
    expect(await mediaStorage(h.config).ping()).toBeUndefined();
  });

  it('a failed upload leaves no rows, no objects and no temp folder', async () => {
    const before = { rows: await counts(), keys: await s3.keys() };
    // The bucket refuses the second segment: the first files are already up when it fails.
    const proxy = await refusingProxy(s3.port, /\/seg_00001\.ts(\?|$)/);
    try {
      const config = { ...h.config, s3: { ...h.config.s3!, endpoint: proxy.endpoint } };
      await expect(
        ingestFile({ db: h.db, config }, { siteUid: 'acme', file: clip, preset: 'ultrafast' }),
      ).rejects.toThrow(/Refused by the test|AccessDenied/);
    } finally {
      await proxy.close();
    }
    expect(await counts()).toEqual(before.rows);
    expect(await s3.keys()).toEqual(before.keys);
    expect(mediaEntries(h.config.mediaDir)).toEqual([]);
  }, 60_000);

  it('a publish that fails after the upload removes the uploaded files', async () => {
    const before = { rows: await counts(), keys: await s3.keys() };
    const real = mediaStorage(h.config);
    let uploaded: string[] = [];
    // The same video uid appears while the files go up, so the publishing transaction fails.
    const storage = {
      ...real,
      async putAsset(assetId: string, dir: string) {
        await real.putAsset(assetId, dir);
        uploaded = await s3.keys(`${assetId}/`);
        await h.db
          .insertInto('videos')
          .values(videoRow('acme', 'racing-uid', {}))
          .execute();
      },
    };
    await expect(
      ingestFile(
        { db: h.db, config: h.config, storage },
        { siteUid: 'acme', file: clip, videoUid: 'racing-uid', preset: 'ultrafast' },
      ),
    ).rejects.toThrow();
    expect(uploaded.length).toBeGreaterThan(5);
    expect(await s3.keys()).toEqual(before.keys);
    expect(await counts()).toEqual({ ...before.rows, videos: before.rows.videos + 1 });
    expect(mediaEntries(h.config.mediaDir)).toEqual([]);
  }, 60_000);
});

describe('Node serves the asset from S3', () => {
  it('play-url → master → variant → segment, with the stored bytes, ranges and HEAD', async () => {
    const play = (await h.app.inject(`/v2/sites/acme/videos/${videoUid}/play-url`)).json();
    const master = await h.app.inject(play.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=60');
    expect(master.body).toBe((await objectBytes(`${assetId}/master.m3u8`)).toString());

    const variantUri = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const base = play.url.slice(0, play.url.lastIndexOf('/') + 1);
    const variant = await h.app.inject(base + variantUri);
    expect(variant.statusCode).toBe(200);
    const segUri = variant.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const segPath = `${variantUri.slice(0, variantUri.lastIndexOf('/') + 1)}${segUri}`;
    const stored = await objectBytes(`${assetId}/${segPath}`);

    const segment = await h.app.inject(base + segPath);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(segment.rawPayload.equals(stored)).toBe(true);

    const ranged = await h.app.inject({ url: base + segPath, headers: { range: 'bytes=188-375' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 188-375/${stored.length}`);
    expect(ranged.rawPayload.equals(stored.subarray(188, 376))).toBe(true);

    const head = await h.app.inject({ method: 'HEAD', url: base + segPath });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored.length));
    expect((await h.app.inject(`${base}360p/seg_09999.ts`)).statusCode).toBe(404);
  });

  it('public thumbnails come from the bucket too', async () => {
    const res = await h.app.inject(`/media/thumbs/${assetId}/thumb-default.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(await objectBytes(`${assetId}/thumb-default.jpg`))).toBe(true);
  });

  it('a gif is cut from the S3 rendition (ffmpeg reads presigned URLs)', async () => {
    const row = await h.db
      .selectFrom('media_assets')
      .select('renditions')
      .where('id', '=', assetId)
      .executeTakeFirstOrThrow();
    const playlist = (JSON.parse(row.renditions) as { playlist: string }[])[0]!.playlist;
    const outDir = join(h.config.dataDir, 'gif-out');
    mkdirSync(outDir, { recursive: true });
    await renderGif({
      playlist: `${assetId}/${playlist}`,
      storage: mediaStorage(h.config),
      startS: 1,
      lengthS: 1,
      width: 160,
      fps: 5,
      topText: '',
      bottomText: '',
      outDir,
    });
    expect(existsSync(join(outDir, GIF_FILES.animation))).toBe(true);
    expect(readFileSync(join(outDir, GIF_FILES.animation)).subarray(0, 6).toString()).toBe('GIF89a');
  }, 60_000);
});
