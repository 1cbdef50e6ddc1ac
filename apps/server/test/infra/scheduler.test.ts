import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScheduler } from '../../src/infra/scheduler';

afterEach(() => void vi.useRealTimers());

describe('scheduler', () => {
  it('runs a group once at start, then each interval, never two runs of it at once', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let runs = 0;
    const finish: (() => void)[] = [];
    const scheduler = createScheduler({ error: () => {} });
    scheduler.every(1000, [
      {
        name: 'slow',
        run: () => {
          runs++;
          most = Math.max(most, ++running);
          // The first run ends at once (start awaits it); later ones end when the test says.
          if (runs === 1) return Promise.resolve(running--);
          return new Promise<void>((resolve) => finish.push(() => (running--, resolve())));
        },
      },
    ]);
    await scheduler.start();
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    // The second run outlasts three ticks: they are skipped, not stacked.
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(2);
    finish.shift()!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    expect(most).toBe(1);
    scheduler.stop();
  });

  it('logs a failing task under its name and runs the next one', async () => {
    const errors: string[] = [];
    const ran: string[] = [];
    const scheduler = createScheduler({ error: (_obj, msg) => void errors.push(msg) });
    scheduler.every(60_000, [
      { name: 'reconcile', run: () => Promise.reject(new Error('gateway down')) },
      { name: 'renewals', run: async () => void ran.push('renewals') },
    ]);
    await scheduler.start();
    scheduler.stop();
    expect(errors).toEqual(['reconcile failed']);
    expect(ran).toEqual(['renewals']);
  });
});
