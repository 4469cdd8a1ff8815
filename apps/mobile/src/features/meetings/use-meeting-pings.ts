import { useEffect, useRef } from 'react';
import {
  meetingPingResponseSchema,
  meetingsPaths,
  type MeetingProgress,
} from '@meeet/core/api/meetings';
import { api } from '../../lib/api.ts';
import { startMeetingUpdates, type Fix } from '../../lib/location';
import { proximityRadio, type HeardToken } from '../../lib/proximity';

/** Pings come at the OS's pace (every 15 s open, 60 s or more in the background), never faster than this. */
const MIN_PING_GAP_MS = 1_000;

/**
 * While a meeting is in progress: background location (iOS asks for "Always" here, with the
 * Info.plist text), the tokens heard over Bluetooth, and a ping for each fix. Pings go over
 * HTTP (`POST /meetings/ping`), signed with the phone's App Attest key like every meeting call
 * (lib/device-key.ts): a socket event carries no assertion, and iOS lets a backgrounded app make
 * a request where it suspends its socket.
 */
export function useMeetingPings(active: boolean, onProgress: (progress: MeetingProgress) => void) {
  const progress = useRef(onProgress);
  useEffect(() => {
    progress.current = onProgress;
  }, [onProgress]);

  useEffect(() => {
    if (!active) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    let lastPing = 0;
    const heard = new Map<string, HeardToken>();

    async function ping(fix: Fix) {
      const now = Date.now();
      if (now - lastPing < MIN_PING_GAP_MS) return;
      lastPing = now;
      const tokens = [...heard.values()].slice(0, 50);
      heard.clear();
      const ping = {
        t: Math.min(fix.at, now),
        lat: fix.lat,
        lon: fix.lon,
        accuracy: fix.accuracy,
        speed: fix.speed ?? null,
        simulated: fix.simulated ?? false,
        heard: tokens.map(({ token, rssi }) => ({
          token,
          rssi: Math.max(-127, Math.min(20, rssi)),
        })),
      };
      const answer = await api.post(meetingsPaths.ping, ping, meetingPingResponseSchema);
      if (answer.ok && answer.data.progress) progress.current(answer.data.progress);
    }

    void (async () => {
      if (await proximityRadio.available()) {
        await proximityRadio.startScanning((token) => {
          const previous = heard.get(token.token);
          if (!previous || previous.rssi < token.rssi) heard.set(token.token, token);
        });
      }
      const stopUpdates = await startMeetingUpdates((fix) => void ping(fix));
      if (cancelled) stopUpdates();
      else stop = stopUpdates;
    })();
    return () => {
      cancelled = true;
      stop?.();
      proximityRadio.stopScanning();
    };
  }, [active]);
}
