import type { Db } from './db/database';
import type { Metrics } from './infra/metrics';
import type { Job } from './modules/jobs/jobs.service';
import type { JobHandler } from './modules/jobs/jobs.worker';
import { ingestFile, type IngestInput } from './media/ingest';
import { runGifJob } from './modules/gifs/gif-job';
import { createGifsRepository } from './modules/gifs/gifs.repository';
import { createPlaybackRepository } from './modules/playback/playback.repository';

/**
 * What each job type does (a composition root, like context.ts: it wires modules' parts). Worker
 * processes (`cli/worker.ts`), the ingest CLI and the API's inline worker all run these.
 */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  ingest: ({ db, config, job, signal, onProgress }) => {
    const p = job.payload as Partial<IngestInput>;
    if (typeof p?.siteUid !== 'string' || typeof p.file !== 'string')
      throw new Error('Bad ingest payload: siteUid and file are required');
    return ingestFile(
      { db, config },
      { ...p, siteUid: p.siteUid, file: p.file, jobId: job.id, onProgress, signal },
    );
  },
  gif: ({ db, config, job, signal }) =>
    runGifJob({
      payload: job.payload,
      repo: createGifsRepository(db),
      assetKey: (assetId) => createPlaybackRepository(db).findAssetKey(assetId),
      config,
      signal,
      now: Date.now,
    }),
};

/**
 * A worker's `onFinished` that records the transcode speed of each finished ingest: the asset's
 * media seconds per wall second the worker spent on the job (decision 0082).
 */
export function jobMetrics(db: Db, metrics: Metrics) {
  return (job: Job, elapsedMs: number) => {
    if (job.type !== 'ingest' || job.status !== 'done' || elapsedMs <= 0) return;
    const { assetId } = (job.result ?? {}) as { assetId?: string };
    if (!assetId) return;
    void createPlaybackRepository(db)
      .findAsset(assetId)
      .then(
        (asset) => asset && metrics.transcodeSpeed.observe(asset.duration_s / (elapsedMs / 1000)),
        () => {},
      );
  };
}
