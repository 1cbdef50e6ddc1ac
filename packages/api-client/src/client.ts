import { networkError, parseApiError, type ApiError } from './errors';
import { createServerClock } from './server-clock';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface ApiClientOptions {
  /** Origin (or prefix) of the API; '' for same-origin relative URLs. */
  baseUrl?: string;
  /** Site uid, sent as `__site` and used in `/v2/sites/{site}/…` paths. */
  site: string;
  /** `web`, `webMobile` or the TV type, sent as `__source` (playback-and-social §7). */
  source: string;
  /** Access token, sent as a bearer Authorization header when present (async: the web app refreshes a stale one first). */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * The AppsFlyer web id, sent as the `appsflyer-id` header when present (playback-and-social §7:
   * "an appsflyer-id header taken from a cookie"); the web app reads the cookie (`readCookie`).
   */
  getAppsflyerId?: () => string | null | undefined;
  fetch?: typeof fetch;
  /** Called when a call that carried a token is refused with 401 (the session checks its tokens). */
  onUnauthorized?: (error: ApiError) => void;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Let the request outlive the page (progress saved on unload: a beacon that can carry a token). */
  keepalive?: boolean;
  /** Extra request headers (e.g. checkout's `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export interface ApiClient {
  readonly site: string;
  readonly source: string;
  /** Origin (or prefix) of the API; '' for this page's (the realtime gateway is there too). */
  readonly baseUrl: string;
  /** The full URL of a call, with `__site` and `__source` added. */
  url(path: string, query?: Query): string;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  /**
   * The server's time (epoch ms), learned from the `Date` header of its answers: what times the
   * server hands out, such as play-url's `expiresAt`, are compared with. Safe to pass unbound.
   */
  serverNow(): number;
}

/** The value of cookie `name` in a `document.cookie` string (decoded), or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}

/** Joins path segments, encoding each: `apiPath('v2', 'sites', site, 'videos', uid)`. */
export function apiPath(...segments: Array<string | number>): string {
  return '/' + segments.map((s) => encodeURIComponent(String(s))).join('/');
}

/** `/v2/sites/{site}/…rest` with every segment encoded. */
export function sitePath(site: string, ...rest: Array<string | number>): string {
  return apiPath('v2', 'sites', site, ...rest);
}

/** Builds a call URL: base + path + query (undefined and null values dropped; __site/__source last). */
export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const base = baseUrl.replace(/\/+$/, '');
  const [pathname, existing = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(existing);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${base}${pathname.startsWith('/') ? '' : '/'}${pathname}${qs ? `?${qs}` : ''}`;
}

/** Whether this runtime's fetch can outlive the page (`keepalive`): older browsers' cannot. */
function fetchKeepsAlive(): boolean {
  return typeof Request === 'undefined' || 'keepalive' in Request.prototype;
}

/**
 * playback-and-social §7: "a beacon on page unload (a synchronous request with credentials is the
 * fallback)". Where fetch cannot keep a request alive, the unload beacon is a synchronous
 * XMLHttpRequest carrying the cookies and the bearer token, which the page waits for.
 */
function syncRequest(method: string, url: string, headers: Record<string, string>, body: string | undefined) {
  const xhr = new XMLHttpRequest();
  xhr.open(method, url, false);
  xhr.withCredentials = true;
  for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
  try {
    xhr.send(body ?? null);
  } catch (error) {
    throw networkError(error);
  }
  return { status: xhr.status, statusText: xhr.statusText, text: xhr.responseText };
}

/** The body of an answer: JSON when it parses, else the text, else undefined. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A small fetch wrapper that adds the site, source and token to every call and throws ApiError. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const clock = createServerClock();
  const url = (path: string, query: Query = {}) =>
    buildUrl(baseUrl, path, { ...query, __site: options.site, __source: options.source });

  const request = async <T>(method: string, path: string, req: RequestOptions = {}): Promise<T> => {
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    const token = await options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const appsflyerId = options.getAppsflyerId?.();
    if (appsflyerId) headers['appsflyer-id'] = appsflyerId;
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    if (req.keepalive && !fetchKeepsAlive() && typeof XMLHttpRequest !== 'undefined') {
      const sync = syncRequest(method, url(path, req.query), headers, body);
      const parsed = parseBody(sync.text);
      if (sync.status >= 200 && sync.status < 300) return parsed as T;
      throw parseApiError(sync.status, parsed, sync.statusText);
    }
    let response: Response;
    try {
      response = await doFetch(url(path, req.query), {
        method,
        headers,
        body,
        signal: req.signal,
        keepalive: req.keepalive,
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw networkError(error);
    }
    clock.observe(response.headers.get('date'));
    const parsed = parseBody(await response.text());
    if (!response.ok) {
      const error = parseApiError(response.status, parsed, response.statusText);
      if (token && response.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    return parsed as T;
  };

  return {
    baseUrl,
    site: options.site,
    source: options.source,
    url,
    request,
    get: (path, req) => request('GET', path, req),
    serverNow: clock.now,
  };
}
