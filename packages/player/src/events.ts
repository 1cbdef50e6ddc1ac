/** A tiny typed event emitter: no DOM, no Node `events`. */
export type Listener<T> = (payload: T) => void;

export interface Emitter<Events extends object> {
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void;
  off<K extends keyof Events>(event: K, listener: Listener<Events[K]>): void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
  clear(): void;
}

export function createEmitter<Events extends object>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  const off = <K extends keyof Events>(event: K, listener: Listener<Events[K]>) => {
    listeners.get(event)?.delete(listener as Listener<never>);
  };
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => off(event, listener);
    },
    off,
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        (listener as Listener<typeof payload>)(payload);
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
