import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

/** Back from a player: back in history when there is some, else to discover. */
export function useLeave(type: string) {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths.discover.getHref(type), { replace: true });
  }, [navigate, type]);
}
