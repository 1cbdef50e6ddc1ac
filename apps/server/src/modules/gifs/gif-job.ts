import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { GIF_FPS, GIF_SIZES, type GifSize } from '@marquee/domain';
import { renderGif } from '../../media/gif';
import { mediaStorage, type StorageConfig } from '../../media/storage';
import type { Config } from '../../plugins/config';
import type { GifsRepository } from './gifs.repository';
import type { GifJobPayload } from './gifs.service';

/**
 * The `gif` job: renders the gif into a temp folder beside its final one and renames it into
 * place, then marks the gif Success; any failure marks it Error (and the job failed), so the
 * create page stops polling either way. A job aborted (the worker stopping) is put back as is.
 */
export async function runGifJob(deps: {
  payload: unknown;
  repo: GifsRepository;
  assetKey: (assetId: string) => Promise<{ key_hex: string; iv_hex: string } | undefined>;
  config: Pick<Config, 'gifsDir'> & StorageConfig;
  signal: AbortSignal;
  now: () => number;
}): Promise<{ gifId: string }> {
  const p = deps.payload as Partial<GifJobPayload>;
  if (typeof p?.gifId !== 'string' || typeof p.assetId !== 'string' || typeof p.playlist !== 'string')
    throw new Error('Bad gif payload: gifId, assetId and playlist are required');
  const gif = await deps.repo.findById(p.gifId);
  if (!gif) throw new Error(`Gif ${p.gifId} is gone`);
  const final = join(deps.config.gifsDir, gif.id);
  const work = `${final}.tmp`;
  try {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const key = await deps.assetKey(p.assetId);
    await renderGif({
      playlist: `${p.assetId}/${p.playlist}`,
      storage: mediaStorage(deps.config),
      key: key && { keyHex: key.key_hex, ivHex: key.iv_hex },
      startS: gif.start_s,
      lengthS: gif.end_s - gif.start_s,
      width: GIF_SIZES[gif.size as GifSize] ?? GIF_SIZES.medium,
      fps: GIF_FPS,
      topText: gif.meme_top_text,
      bottomText: gif.meme_bottom_text,
      outDir: work,
      signal: deps.signal,
    });
    rmSync(final, { recursive: true, force: true });
    renameSync(work, final);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    if (!deps.signal.aborted)
      await deps.repo.finish(
        gif.id,
        'Error',
        (err as Error).message.slice(0, 500),
        new Date(deps.now()).toISOString(),
      );
    throw err;
  }
  await deps.repo.finish(gif.id, 'Success', null, new Date(deps.now()).toISOString());
  return { gifId: gif.id };
}
