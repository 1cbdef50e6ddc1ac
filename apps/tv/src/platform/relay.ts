import type { PlatformSubscription } from './types';

/** A platform value the app subscribes to: it keeps the latest one and hands it to late subscribers. */
export interface Relay<T> {
  subscribe: PlatformSubscription<T>;
  publish(value: T): void;
  /** Forgets the value (the platform was torn down). */
  reset(): void;
}

export function createRelay<T>(): Relay<T> {
  const handlers = new Set<(value: T) => void>();
  let latest: { value: T } | null = null;
  return {
    subscribe(handler) {
      handlers.add(handler);
      if (latest) handler(latest.value);
      return () => void handlers.delete(handler);
    },
    publish(value) {
      latest = { value };
      for (const handler of [...handlers]) handler(value);
    },
    reset() {
      latest = null;
    },
  };
}
