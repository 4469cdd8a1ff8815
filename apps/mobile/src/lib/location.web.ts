import { APP_POSITION_INTERVAL_MS } from '@meeet/core/rules/app-pace';
import type { PositionUpdate } from '@meeet/core/api/realtime';

export type Fix = PositionUpdate;
export type PermissionAnswer = 'granted' | 'denied';

function toFix(position: GeolocationPosition): Fix {
  const { coords } = position;
  return {
    lat: coords.latitude,
    lon: coords.longitude,
    accuracy: Math.max(coords.accuracy || 65, 1),
    // Some browsers stamp a cached fix with its original time; the server refuses stale ones.
    at: Math.min(Math.round(position.timestamp), Date.now()),
    ...(coords.speed !== null && coords.speed >= 0 ? { speed: coords.speed } : {}),
    ...(coords.heading !== null && coords.heading >= 0 && coords.heading <= 360
      ? { heading: coords.heading }
      : {}),
  };
}

/** The browser asks on the first read; a refusal comes back as an error code 1. */
export function askForegroundPermission(): Promise<PermissionAnswer> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve('denied');
    navigator.geolocation.getCurrentPosition(
      () => resolve('granted'),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'granted'),
      { timeout: 10_000 },
    );
  });
}

/** The browser's watch plus a timer, so the service hears from the hand at its pace. */
export async function watchFixes(
  onFix: (fix: Fix) => void,
  intervalMs = APP_POSITION_INTERVAL_MS,
): Promise<() => void> {
  const id = navigator.geolocation.watchPosition(
    (position) => {
      onFix(toFix(position));
    },
    () => undefined,
    { enableHighAccuracy: true, maximumAge: 0 },
  );
  // A fresh reading at the service's pace even when the watch stays quiet (not moving).
  const timer = setInterval(() => {
    navigator.geolocation.getCurrentPosition(
      (position) => onFix(toFix(position)),
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 0, timeout: intervalMs },
    );
  }, intervalMs);
  return () => {
    navigator.geolocation.clearWatch(id);
    clearInterval(timer);
  };
}

/** A browser tab has no background location: meetings keep the page open. */
export async function startMeetingUpdates(onFix: (fix: Fix) => void): Promise<() => void> {
  return watchFixes(onFix, APP_POSITION_INTERVAL_MS);
}
