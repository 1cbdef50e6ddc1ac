import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../..');

describe('checkout fault test (bench/checkout-fault.ts)', () => {
  // The server is a child process killed with SIGKILL at random points of 100 checkouts, then
  // restarted and reconciled; the script exits non-zero on a lost or doubled charge. About 20 s.
  it('SIGKILL at random points: every charge has exactly one purchase, no purchase lacks a charge', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/checkout-fault.ts')], {
      cwd: root,
      // The bench server always runs on its own SQLite file.
      env: { ...process.env, BENCH_KILLS: '3' },
      encoding: 'utf8',
      timeout: 110_000,
    });
    expect(run.stderr + run.stdout).toContain('OK: every charged order has exactly one purchase');
    expect(run.status).toBe(0);
  }, 120_000);
});
