/** A periodic task: failures are logged under its name, never fatal. */
export type ScheduledTask = { name: string; run: () => Promise<unknown> };

/**
 * Runs groups of tasks when the process starts and then on an interval. A group runs its tasks one
 * after the other (each waits for the one before), so tasks that share rows never overlap in this
 * process; other nodes run their own scheduler, so every task is safe on several nodes at once.
 */
export function createScheduler(log: { error: (obj: object, msg: string) => void }) {
  const groups: { everyMs: number; tasks: ScheduledTask[]; running: boolean }[] = [];
  const timers: NodeJS.Timeout[] = [];
  /** One run of a group at a time: a tick that comes while the last run is still going is skipped. */
  const runGroup = async (group: (typeof groups)[number]) => {
    if (group.running) return;
    group.running = true;
    for (const task of group.tasks)
      await task.run().catch((err: unknown) => log.error({ err }, `${task.name} failed`));
    group.running = false;
  };
  return {
    /** Adds a group: run once by `start`, then every `everyMs`. */
    every(everyMs: number, tasks: ScheduledTask[]): void {
      groups.push({ everyMs, tasks, running: false });
    },
    /** Runs every group once (awaited: the process takes traffic after), then starts the timers. */
    async start(): Promise<void> {
      for (const g of groups) {
        await runGroup(g);
        const timer = setInterval(() => void runGroup(g), g.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    stop(): void {
      for (const t of timers.splice(0)) clearInterval(t);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
