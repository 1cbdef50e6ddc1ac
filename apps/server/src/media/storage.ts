import { readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../plugins/config';
import { localFile, MEDIA_TYPES, statCache, statFile, type FileSource } from './media-files';

/**
 * Where published media assets live (decision 0086): the local media folder (the default) or an
 * S3-compatible bucket, each asset under `<assetId>/…` with the layout of media/README.md. Keys are
 * '/'-separated paths inside the store; callers check them (media.routes: safe segments only).
 */
export type MediaStorage = {
  readonly kind: 'local' | 's3';
  /**
   * Publishes a finished asset folder (inside the media folder) as `<assetId>/…`: a rename on disk,
   * an upload to the bucket. On failure nothing of the asset is left in the store.
   */
  putAsset(assetId: string, dir: string, signal?: AbortSignal): Promise<void>;
  /** Removes every file of an asset (a publish that failed after its files went up). */
  removeAsset(assetId: string): Promise<void>;
  file(key: string): FileSource;
  exists(key: string): Promise<boolean>;
  /** A small file's bytes (a playlist), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** A location ffmpeg can read for a few minutes: a path on disk, or a presigned GET URL. */
  inputUrl(key: string): Promise<string>;
  /** Resolves when the store answers (readiness); throws its error otherwise. */
  ping(): Promise<void>;
};

export type StorageConfig = Pick<Config, 'mediaDir'> & { s3?: Config['s3'] };

const storages = new WeakMap<object, MediaStorage>();

/** The storage a config names, one per config object (the S3 client keeps its connections). */
export function mediaStorage(config: StorageConfig): MediaStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir);
    storages.set(config, storage);
  }
  return storage;
}

function checkKey(key: string): string[] {
  const parts = key.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\')))
    throw new Error(`Bad media key: ${key}`);
  return parts;
}

/** Every file under dir, as '/'-separated paths relative to it. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

export function createLocalStorage(mediaDir: string): MediaStorage {
  const path = (key: string) => join(mediaDir, ...checkKey(key));
  return {
    kind: 'local',
    async putAsset(assetId, dir) {
      renameSync(dir, path(assetId));
    },
    async removeAsset(assetId) {
      rmSync(path(assetId), { recursive: true, force: true });
    },
    file: (key) => localFile(path(key)),
    exists: async (key) => (await statFile(path(key))) !== null,
    read: (key) => readFile(path(key)).catch(() => null),
    inputUrl: async (key) => path(key),
    async ping() {
      await stat(mediaDir);
    },
  };
}

const UPLOAD_CONCURRENCY = 4;
const INPUT_URL_TTL_S = 15 * 60;

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

export function createS3Storage(s3: NonNullable<Config['s3']>): MediaStorage {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible servers do not all take the trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;

  const head = statCache(async (key) => {
    try {
      const h = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: h.ContentLength ?? 0, mtimeMs: h.LastModified?.getTime() ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  });

  async function removeAsset(assetId: string) {
    checkKey(assetId);
    for (;;) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${assetId}/` }));
      const keys = (listed.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return;
      const deleted = await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      if (deleted.Errors?.length)
        throw new Error(`S3 kept ${deleted.Errors[0]!.Key}: ${deleted.Errors[0]!.Message}`);
    }
  }

  return {
    kind: 's3',
    async putAsset(assetId, dir, signal) {
      checkKey(assetId);
      const files = listFiles(dir);
      const queue = [...files];
      let failure: unknown;
      const lane = async () => {
        for (let f = queue.shift(); f !== undefined && failure === undefined; f = queue.shift()) {
          try {
            const ext = f.slice(f.lastIndexOf('.') + 1).toLowerCase();
            await client.send(
              new PutObjectCommand({
                Bucket,
                Key: `${assetId}/${f}`,
                // A buffer, not a stream: the SDK can retry it.
                Body: await readFile(join(dir, ...f.split('/'))),
                ContentType: MEDIA_TYPES[ext] ?? 'application/octet-stream',
              }),
              { abortSignal: signal },
            );
          } catch (err) {
            failure ??= err;
          }
        }
      };
      await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, lane));
      if (failure === undefined) return;
      try {
        await removeAsset(assetId);
      } catch (cleanup) {
        throw new Error(
          `Upload of ${assetId} failed (${(failure as Error).message}) and its uploaded files could not be removed: ${(cleanup as Error).message}`,
        );
      }
      throw failure;
    },
    removeAsset,
    file(key) {
      checkKey(key);
      return {
        stat: () => head(key),
        async open(start, end) {
          const got = await client.send(
            new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end}` }),
          );
          return got.Body as Readable;
        },
      };
    },
    exists: async (key) => (await head(checkKey(key).join('/'))) !== null,
    async read(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key).join('/') }));
        return Buffer.from(await got.Body!.transformToByteArray());
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    inputUrl: (key) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checkKey(key).join('/') }), {
        expiresIn: INPUT_URL_TTL_S,
      }),
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
