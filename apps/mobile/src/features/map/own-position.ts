import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { askForegroundPermission, watchFixes, type Fix } from '../../lib/location';
import { emit, socketState } from '../../lib/socket.ts';
import { useStore } from '../../lib/store.ts';
import { handState } from './hand-state.ts';
import { createPositionSender } from './position-sender.ts';

const POSITION_GAP_MS = 1_100;

/**
 * The phone's own position: asks for permission, follows the fixes, and sends them to the
 * server only while the hand is up (at the app's pace, held while offline).
 */
export function useOwnPosition(connected: boolean, onRefused: (message: string) => void) {
  const hand = useStore(handState);
  const [permission, setPermission] = useState<'asking' | 'granted' | 'denied'>('asking');
  const [self, setSelf] = useState<Fix | null>(null);
  // The watched area's centre: the first fix (the area reaches a walk's distance around it).
  const [centre, setCentre] = useState<{ lat: number; lon: number } | null>(null);
  // The raised hand (by its `expiresAt`) the server has taken a position for.
  const [placedFor, setPlacedFor] = useState<number | null>(null);
  const raised = useRef(false);
  const lastFix = useRef<Fix | null>(null);

  const positions = useMemo(
    () =>
      createPositionSender({
        send: async (fix) => {
          const answer = await emit('position', fix, { unlessOffline: true });
          if (answer.ok) setPlacedFor(handState.get().expiresAt);
          return answer;
        },
        isConnected: () => socketState.get().connected,
        onRefused: (answer) => onRefused(answer.message),
        gapMs: POSITION_GAP_MS,
      }),
    [onRefused],
  );
  const sendPosition = useCallback(
    (fix: Fix) => {
      if (raised.current) positions.offer(fix);
    },
    [positions],
  );
  useEffect(() => {
    const restored = hand.raised && !raised.current;
    raised.current = hand.raised;
    // A hand the server says is up (`hand:state` after a restart) gets the fix the phone has;
    // a raise here sends its own after the ghost is set.
    if (restored && lastFix.current) positions.offer(lastFix.current);
  }, [hand.raised, positions]);
  useEffect(() => {
    if (connected) positions.resume();
  }, [connected, positions]);
  useEffect(() => {
    if (!hand.raised) positions.clear();
  }, [hand.raised, positions]);
  useEffect(() => () => positions.clear(), [positions]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void (async () => {
      const answer = await askForegroundPermission();
      if (cancelled) return;
      setPermission(answer);
      if (answer !== 'granted') return;
      stop = await watchFixes((fix) => {
        lastFix.current = fix;
        setSelf(fix);
        setCentre((previous) => previous ?? { lat: fix.lat, lon: fix.lon });
        sendPosition(fix);
      });
      if (cancelled) stop();
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [sendPosition]);

  /** The server took a raise: from now on the fixes go out, the current one first. */
  const onRaised = useCallback(() => {
    raised.current = true;
    if (lastFix.current) sendPosition(lastFix.current);
  }, [sendPosition]);

  /** The raised hand the server has placed on the map (its `expiresAt`), else null. */
  const placedAt = hand.raised && placedFor === hand.expiresAt ? hand.expiresAt : null;
  return { permission, self, centre, onRaised, placedAt };
}
