import { useEffect, useState } from 'react';
import { useRenderTime } from './hydration';

/**
 * The current time, refreshed every `intervalMs` (for countdowns). A server-rendered page starts
 * from the server's render time (lib/hydration.tsx), so the hydrated text matches, then moves on.
 */
export function useNow(intervalMs: number): Date {
  const renderTime = useRenderTime();
  const [now, setNow] = useState(() => new Date(renderTime));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
