import { ms, type Milliseconds } from '@marquee/domain';
import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` (timebar 1 s, programme timer 60 s: discovery-and-site §9). */
export function useNow(intervalMs: Milliseconds): Milliseconds {
  const [now, setNow] = useState(() => ms(Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setNow(ms(Date.now())), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
