import { useCallback } from 'react';
import type { NavigateFunction } from 'react-router';
import { paths } from '../../config/paths';

/** Escape leaves the watch screen: back when there is history in the app, else home. */
export function useLeave(navigate: NavigateFunction) {
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths.home.getHref());
  }, [navigate]);
}
