/**
 * The built-ins the TV bundle calls that Tizen 5.0's Chromium 63 lacks (decision 0079). Vite lowers
 * syntax, not library calls; each one here is installed only where it is missing, before anything
 * else runs (main.tsx imports this first).
 */

type Scope = Record<string, unknown> & {
  Array: ArrayConstructor;
  Object: ObjectConstructor;
  Promise: PromiseConstructor;
  String: StringConstructor;
};

function define(target: object, name: string, value: unknown) {
  if (name in target) return;
  Object.defineProperty(target, name, { value, writable: true, configurable: true });
}

/** A stand-in AbortController (Chromium 66): fetch there ignores the signal, listeners still hear abort. */
function abortControllerClass() {
  class Signal {
    aborted = false;
    reason: unknown = undefined;
    onabort: ((event: { type: string }) => void) | null = null;
    private listeners: ((event: { type: string }) => void)[] = [];
    addEventListener(type: string, listener: (event: { type: string }) => void) {
      if (type === 'abort') this.listeners.push(listener);
    }
    removeEventListener(type: string, listener: (event: { type: string }) => void) {
      this.listeners = this.listeners.filter((l) => l !== listener);
    }
    throwIfAborted() {
      if (this.aborted) throw this.reason;
    }
    /** @internal */
    fire(reason: unknown) {
      if (this.aborted) return;
      this.aborted = true;
      this.reason = reason;
      const event = { type: 'abort' };
      this.onabort?.(event);
      for (const l of this.listeners.slice()) l(event);
    }
  }
  return class AbortController {
    readonly signal = new Signal();
    abort(reason: unknown = new Error('The operation was aborted.')) {
      this.signal.fire(reason);
    }
  };
}

/** Installs what `scope` (the page's global object) lacks. */
export function installLegacyEngineBuiltins(scope: Scope) {
  define(scope, 'globalThis', scope);
  define(scope, 'queueMicrotask', (fn: () => void) => {
    void scope.Promise.resolve().then(fn);
  });
  if (!('AbortController' in scope)) define(scope, 'AbortController', abortControllerClass());
  define(scope.Object, 'fromEntries', (entries: Iterable<readonly [PropertyKey, unknown]>) => {
    const out: Record<PropertyKey, unknown> = {};
    for (const [key, value] of entries) out[key] = value;
    return out;
  });
  define(scope.Promise, 'allSettled', (items: Iterable<unknown>) =>
    scope.Promise.all(
      Array.from(items, (item) =>
        scope.Promise.resolve(item).then(
          (value) => ({ status: 'fulfilled', value }),
          (reason: unknown) => ({ status: 'rejected', reason }),
        ),
      ),
    ),
  );
  const arrays = scope.Array.prototype;
  define(arrays, 'flat', function flat(this: unknown[], depth = 1): unknown[] {
    return this.reduce<unknown[]>(
      (out, item) =>
        out.concat(Array.isArray(item) && depth > 0 ? (flat.call(item, depth - 1) as unknown[]) : [item]),
      [],
    );
  });
  define(arrays, 'flatMap', function flatMap(this: unknown[], fn: (v: unknown, i: number) => unknown) {
    return (arrays as unknown as { flat: (this: unknown[]) => unknown[] }).flat.call(this.map(fn));
  });
  define(arrays, 'at', function at(this: unknown[], i: number) {
    const n = Math.trunc(i) || 0;
    return this[n < 0 ? this.length + n : n];
  });
  const strings = scope.String.prototype;
  define(strings, 'trimStart', function trimStart(this: string) {
    return this.replace(/^\s+/, '');
  });
  define(strings, 'trimEnd', function trimEnd(this: string) {
    return this.replace(/\s+$/, '');
  });
}

installLegacyEngineBuiltins(globalThis as unknown as Scope);
