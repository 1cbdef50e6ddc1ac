import { ApiError } from '@marquee/api-client';
import { permissionsOf } from '@marquee/domain';

/** What a failed report tells the viewer: reported before, the item is gone, or try again. */
export function reportRefusal(error: unknown): 'already' | 'gone' | 'failed' {
  if (error instanceof ApiError && error.status === 409) return 'already';
  if (error instanceof ApiError && error.status === 404) return 'gone';
  return 'failed';
}

/** Whether the user's roles let them review reports (the server checks it again on every call). */
export const canModerate = (roles: readonly string[] | undefined) =>
  permissionsOf(roles ?? []).has('content.moderate');
