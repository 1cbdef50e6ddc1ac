import { ApiError, DEFAULT_ERROR_MESSAGE } from '@marquee/api-client';

/** Viewer-facing text for any error (the server's message for API errors). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || DEFAULT_ERROR_MESSAGE;
  return DEFAULT_ERROR_MESSAGE;
}
