import { useEffect, useState } from 'react';

/**
 * Seconds left before a new code may be asked for (the server's retryAfterSeconds or
 * Retry-After), counted down once a second.
 */
export function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  const start = (seconds: number) => {
    const started = Date.now();
    setNow(started);
    setUntil(started + seconds * 1000);
  };
  return [left, start];
}
