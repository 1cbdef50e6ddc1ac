import { createWatchStateStore } from '@marquee/domain';

/**
 * The current watch state for this tab's session (playback-and-social §2.2): sessionStorage, or
 * memory where reading it throws (blocked storage, some private modes).
 */
export const watchStateStore = createWatchStateStore(() =>
  typeof window === 'undefined' ? null : window.sessionStorage,
);
