/** A periodic task: failures are logged under its name, never fatal. */
export type ScheduledTask = { name: string; run: () => Promise<unknown> };

/**
 * Runs groups of tasks when the process starts and then on an interval. A group runs its tasks one
 * after the other (each waits for the one before), so tasks that share rows never overlap in this
 * process; other nodes run their own scheduler, so every task is safe on several nodes at once.
 */
export function createScheduler(log: { error: (obj: object, msg: string) => void }) {
  const groups: { everyMs: number; tasks: ScheduledTask[] }[] = [];
  const timers: NodeJS.Timeout[] = [];
  const runGroup = async (tasks: ScheduledTask[]) => {
    for (const task of tasks)
      await task.run().catch((err: unknown) => log.error({ err }, `${task.name} failed`));
  };
  return {
    /** Adds a group: run once by `start`, then every `everyMs`. */
    every(everyMs: number, tasks: ScheduledTask[]): void {
      groups.push({ everyMs, tasks });
    },
    /** Runs every group once (awaited: the process takes traffic after), then starts the timers. */
    async start(): Promise<void> {
      for (const g of groups) {
        await runGroup(g.tasks);
        const timer = setInterval(() => void runGroup(g.tasks), g.everyMs);
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
