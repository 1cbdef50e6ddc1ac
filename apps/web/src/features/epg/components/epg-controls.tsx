import { EPG_MAX_OFFSET, clampEpgOffset, type EpgWindow } from '@marquee/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../utils/clock';

/**
 * The time offset (§2.5 "a time offset of at most 6 steps"): Earlier and Later move the 4 visible
 * slots by one 30-minute slot, from the current slot (0) to 6 slots later. A button is disabled at
 * its end; the focus then moves to the other one so keyboard users keep their place.
 */
export function EpgControls({
  view,
  onChange,
}: {
  view: Pick<EpgWindow, 'offset' | 'start' | 'end'>;
  onChange: (offset: number) => void;
}) {
  const { t, i18n } = useTranslation('epg');
  const earlier = useRef<HTMLButtonElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  const { offset } = view;
  const move = (delta: number) => {
    const next = clampEpgOffset(offset + delta);
    if (next === 0) later.current?.focus();
    if (next === EPG_MAX_OFFSET) earlier.current?.focus();
    onChange(next);
  };
  return (
    <div className="epg__controls">
      <button
        ref={earlier}
        type="button"
        className="button button--ghost"
        onClick={() => move(-1)}
        disabled={offset <= 0}
        title={t('earlierLabel')}
        data-testid="epg-earlier"
      >
        <span aria-hidden="true">‹ </span>
        {t('earlier')}
      </button>
      <p className="epg__range" aria-live="polite" data-testid="epg-range">
        {t('range', {
          from: formatClock(view.start, i18n.language),
          to: formatClock(view.end, i18n.language),
        })}
      </p>
      <button
        ref={later}
        type="button"
        className="button button--ghost"
        onClick={() => move(1)}
        disabled={offset >= EPG_MAX_OFFSET}
        title={t('laterLabel')}
        data-testid="epg-later"
      >
        {t('later')}
        <span aria-hidden="true"> ›</span>
      </button>
    </div>
  );
}
