import * as Location from 'expo-location';
import * as TaskManager from 'expo-task-manager';
import type { PositionUpdate } from '@meeet/core/api/realtime';
import { APP_POSITION_DISTANCE_M, APP_POSITION_INTERVAL_MS } from '@meeet/core/rules/app-pace';

/** One fix as the server wants it (realtime.ts positionSchema). */
export type Fix = PositionUpdate;
export type PermissionAnswer = 'granted' | 'denied';

function toFix(location: Location.LocationObject): Fix {
  const { coords } = location;
  return {
    lat: coords.latitude,
    lon: coords.longitude,
    accuracy: Math.max(coords.accuracy ?? 65, 1),
    at: Math.round(location.timestamp),
    ...(coords.speed !== null && coords.speed >= 0 ? { speed: coords.speed } : {}),
    ...(coords.heading !== null && coords.heading >= 0 && coords.heading <= 360
      ? { heading: coords.heading }
      : {}),
    ...(location.mocked ? { simulated: true } : {}),
  };
}

export async function askForegroundPermission(): Promise<PermissionAnswer> {
  const { status } = await Location.requestForegroundPermissionsAsync();
  return status === Location.PermissionStatus.GRANTED ? 'granted' : 'denied';
}

/**
 * Foreground updates while the hand is up: about every 15 s (the service's pace) and sooner
 * after moving 10 m. Returns the function that stops them.
 */
export async function watchFixes(
  onFix: (fix: Fix) => void,
  intervalMs = APP_POSITION_INTERVAL_MS,
): Promise<() => void> {
  const subscription = await Location.watchPositionAsync(
    {
      accuracy: Location.Accuracy.High,
      timeInterval: intervalMs,
      distanceInterval: APP_POSITION_DISTANCE_M,
    },
    (location) => onFix(toFix(location)),
  );
  return () => subscription.remove();
}

export const MEETING_LOCATION_TASK = 'meeet-meeting-location';
let backgroundListener: ((fix: Fix) => void) | null = null;

// Background updates run only during a meeting in progress (iOS shows the blue indicator).
if (!TaskManager.isTaskDefined(MEETING_LOCATION_TASK)) {
  TaskManager.defineTask<{ locations: Location.LocationObject[] }>(
    MEETING_LOCATION_TASK,
    async ({ data, error }) => {
      if (error || !data) return;
      for (const location of data.locations) backgroundListener?.(toFix(location));
    },
  );
}

/** Asks for "Always" (the Info.plist text explains why) and reports every 60 s or more. */
export async function startMeetingUpdates(onFix: (fix: Fix) => void): Promise<() => void> {
  backgroundListener = onFix;
  const { status } = await Location.requestBackgroundPermissionsAsync();
  if (status !== Location.PermissionStatus.GRANTED) return () => undefined;
  await Location.startLocationUpdatesAsync(MEETING_LOCATION_TASK, {
    accuracy: Location.Accuracy.BestForNavigation,
    timeInterval: 60_000,
    distanceInterval: 5,
    showsBackgroundLocationIndicator: true,
    pausesUpdatesAutomatically: false,
    activityType: Location.ActivityType.Other,
  });
  return () => {
    backgroundListener = null;
    void Location.stopLocationUpdatesAsync(MEETING_LOCATION_TASK);
  };
}
