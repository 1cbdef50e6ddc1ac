import { DEFAULT_ERROR_MESSAGE } from '@marquee/domain';

/** The spec's default error text (playback-and-social §8). */
export { DEFAULT_ERROR_MESSAGE };

/** An API call that failed: the HTTP status and the server's `{ error: { code, message, field? } }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  /** True for a 4xx answer (retrying will not help). */
  get isClientError() {
    return this.status >= 400 && this.status < 500;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A body's text: its `msg`, else its `message` (playback-and-social §8 "the server's msg or message"). */
function msgOrMessage(body: Record<string, unknown>): string | null {
  for (const value of [body.msg, body.message]) if (typeof value === 'string' && value) return value;
  return null;
}

/** Builds an ApiError from a failed response's status and parsed body (any shape). */
export function parseApiError(status: number, body: unknown, statusText = ''): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (error) {
    const code =
      typeof error.code === 'string' || typeof error.code === 'number'
        ? String(error.code)
        : `http_${status}`;
    const message = msgOrMessage(error) ?? DEFAULT_ERROR_MESSAGE;
    const field = typeof error.field === 'string' ? error.field : undefined;
    return new ApiError(status, code, message, field);
  }
  // Some proxies answer with `{ msg }`, `{ message }` or plain text.
  const text = isRecord(body) ? msgOrMessage(body) : null;
  const message = text
    ? text
    : typeof body === 'string' && body.trim() && body.length < 300
      ? body.trim()
      : statusText || DEFAULT_ERROR_MESSAGE;
  return new ApiError(status, `http_${status}`, message);
}

/** A request that never got an answer (offline, DNS, CORS). */
export function networkError(cause: unknown): ApiError {
  const error = new ApiError(0, 'network', 'Network error. Check your connection and try again.');
  (error as { cause?: unknown }).cause = cause;
  return error;
}

/** TanStack Query retry policy: never retry a 4xx; retry other failures twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 2;
}
