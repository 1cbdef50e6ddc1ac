import { COUNTDOWN_REFRESH_MS, msToNextTick } from '@marquee/domain';
import { useEffect, useState } from 'react';

/**
 * The not-live screen's two clocks (playback-and-social §4.7): `tick`, re-read every second on the
 * countdown's whole seconds (so the switch happens at the start, not up to 1 s late), and `text`,
 * re-read every 60 s for the long-form text.
 */
export function useCountdownNow(start: string | null): { tick: Date; text: Date } {
  const [tick, setTick] = useState(() => new Date());
  const [text, setText] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setTick(new Date());
          schedule();
        },
        start ? msToNextTick(start, new Date()) : 1_000,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [start]);
  useEffect(() => {
    const timer = setInterval(() => setText(new Date()), COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return { tick, text };
}
