import type { PlayerError } from '../errors';

/** What the viewer reads when a provider's player API cannot be loaded (offline, blocked, down). */
export const PROVIDER_UNREACHABLE_MESSAGE = "This video's provider could not be reached.";

/** How long a provider's API script may take to load and be ready before we say it cannot be reached. */
export const PROVIDER_SCRIPT_TIMEOUT_MS = 15_000;

export function providerUnreachable(detail: string): PlayerError {
  return { kind: 'network', message: PROVIDER_UNREACHABLE_MESSAGE, fatal: true, detail };
}

/** The parts of `document` the loader uses (tests pass a fake). */
export interface ScriptDocument {
  createElement(tag: 'script'): {
    src: string;
    async: boolean;
    onload: (() => void) | null;
    onerror: (() => void) | null;
    remove(): void;
  };
  head: { appendChild(node: unknown): unknown };
}

export interface LoadScriptOptions<T> {
  url: string;
  /** The API once it is usable, else undefined. */
  api: () => T | undefined;
  /**
   * For an API that says when it is ready through a global callback (YouTube's
   * `onYouTubeIframeAPIReady`): registers `ready`, keeping any callback already there.
   */
  whenReady?: (ready: () => void) => void;
  doc?: ScriptDocument;
  timeoutMs?: number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (id: unknown) => void;
}

const loading = new Map<string, Promise<unknown>>();

/**
 * Loads a provider's player API script once per URL, only when a source of that provider is played.
 * Resolves with the API; rejects with "could not be reached" when the script fails to load, or when
 * it is not ready within the timeout (a network that swallows the request never hangs the screen).
 * A failed load is forgotten, so a retry loads it again.
 */
export function loadProviderScript<T>(options: LoadScriptOptions<T>): Promise<T> {
  const ready = options.api();
  if (ready !== undefined) return Promise.resolve(ready);
  const pending = loading.get(options.url);
  if (pending) return pending as Promise<T>;
  const doc = options.doc ?? (document as unknown as ScriptDocument);
  const later = options.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel = options.clearTimeout ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
  const promise = new Promise<T>((resolve, reject) => {
    const script = doc.createElement('script');
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      const api = error ? undefined : options.api();
      if (!error && api === undefined) return; // loaded, not ready yet: its ready callback will come
      settled = true;
      cancel(timer);
      if (api !== undefined) resolve(api);
      else {
        script.remove();
        reject(providerUnreachable(error ?? options.url));
      }
    };
    const timer = later(
      () => finish(`${options.url}: not ready within ${options.timeoutMs ?? PROVIDER_SCRIPT_TIMEOUT_MS} ms`),
      options.timeoutMs ?? PROVIDER_SCRIPT_TIMEOUT_MS,
    );
    options.whenReady?.(() => finish(null));
    script.onload = () => finish(null);
    script.onerror = () => finish(`${options.url}: failed to load`);
    script.async = true;
    script.src = options.url;
    doc.head.appendChild(script);
  });
  loading.set(options.url, promise);
  promise.catch(() => loading.delete(options.url));
  return promise;
}
