import { EPG_TIMEBAR_REFRESH_MS, timebarPercent, type EpgWindow } from '@marquee/domain';
import type { CSSProperties } from 'react';
import { useNow } from '../hooks/use-now';

/**
 * The vertical now-line over the schedule (§2.5 "The timebar refreshes every 1 s"). Its own clock,
 * so only this line re-renders every second; hidden when the window is moved past now.
 */
export function EpgTimebar({ view }: { view: Pick<EpgWindow, 'start' | 'end'> }) {
  const now = useNow(EPG_TIMEBAR_REFRESH_MS);
  const pct = timebarPercent(now, view);
  if (pct === null) return null;
  return (
    <div
      className="epg-grid__timebar"
      style={{ '--epg-now': `${pct}%` } as CSSProperties}
      data-testid="epg-timebar"
      data-percent={pct.toFixed(3)}
      aria-hidden="true"
    />
  );
}
