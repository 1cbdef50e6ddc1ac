// A dead worker or a full disk during transcoding fails or retries the job cleanly, never leaving a
// half-published asset (issue 18, docs/faults.md): FAULT_KILLS (5) workers killed mid-encode and
// as many ingests on a full disk, at points seeded by FAULT_SEED (18). Runs in the embedded pass
// only (its database is SQLite of its own either way). The full-disk half mounts a small tmpfs.
import { expect, it } from 'vitest';
import { transcodeFaults, transcodeFaultsUnavailable } from './transcode-faults';

const kills = Number(process.env.FAULT_KILLS ?? 5);
const seed = Number(process.env.FAULT_SEED ?? 18);
const skipped = !!process.env.DATABASE_URL;
const noDisk = transcodeFaultsUnavailable();
if (noDisk) console.warn(`Full-disk fault test skipped: ${noDisk}`);

it.skipIf(skipped)(
  `ingest survives ${kills} dead workers and fails cleanly on a full disk`,
  async () => {
    const report = await transcodeFaults({ kills, seed });
    expect(report.problems).toEqual([]);
    expect(report.retriedAndPublished).toBe(kills);
    if (!noDisk) expect(report.failedClearly).toBe(kills);
  },
  900_000,
);
