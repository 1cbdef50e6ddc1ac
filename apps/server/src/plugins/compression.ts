import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Bodies under this size are sent as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;

/** The encoding to answer with: brotli when the client takes it, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Compresses a body; brotli at quality 5 is about as fast as gzip and a good deal smaller for JSON. */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * A body with its compressed forms made on first need and kept (a cached response is compressed
 * once, however often it is sent).
 */
export class EncodedBody {
  private readonly variants: Partial<Record<Encoding, Buffer>> = {};
  constructor(readonly body: Buffer) {}

  /** The bytes to send and their content-encoding for a request's Accept-Encoding. */
  for(acceptEncoding: string | undefined): { bytes: Buffer; encoding: Encoding | null } {
    const encoding = this.body.length >= MIN_COMPRESS_BYTES ? pickEncoding(acceptEncoding) : null;
    if (!encoding) return { bytes: this.body, encoding: null };
    this.variants[encoding] ??= compress(this.body, encoding);
    return { bytes: this.variants[encoding], encoding };
  }
}
