import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` (live state 5 s, countdown 60 s: discovery-and-site §9). */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
