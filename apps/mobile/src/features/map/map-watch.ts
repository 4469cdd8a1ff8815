import { useEffect, useState } from 'react';
import type { MapDiff, MapHand } from '@meeet/core/api/realtime';
import type { Mood } from '@meeet/core/api/meet';
import { APP_WATCH_RADIUS_M } from '@meeet/core/rules/app-pace';
import { rememberPeople } from '../../lib/people.ts';
import { emit, on } from '../../lib/socket.ts';

export function applyDiff(hands: readonly MapHand[], diff: MapDiff): MapHand[] {
  const gone = new Set([...diff.left, ...diff.upsert.map((hand) => hand.userId)]);
  const kept = hands.filter((hand) => !gone.has(hand.userId));
  // The server sorts by ring of cells; keep that order (never by exact distance).
  return [...kept, ...diff.upsert].sort((a, b) => a.ring - b.ring);
}

/**
 * The people the map shows: watches the area around `centre` (with the mood filter) and
 * keeps the list current from the server's diffs.
 */
export function useMapWatch(
  centre: { lat: number; lon: number } | null,
  connected: boolean,
  onFailure: (message: string) => void,
) {
  const [hands, setHands] = useState<MapHand[]>([]);
  const [watch, setWatch] = useState<'loading' | 'ready' | 'error'>('loading');
  const [filter, setFilter] = useState<Mood[]>([]);

  useEffect(() => {
    if (!centre) return;
    const { lat, lon } = centre;
    let current = true;
    void emit('map:watch', {
      lat,
      lon,
      radiusM: APP_WATCH_RADIUS_M,
      ...(filter.length > 0 ? { moods: filter } : {}),
    }).then((answer) => {
      if (!current) return;
      if (!answer.ok) {
        setWatch('error');
        return onFailure(answer.message);
      }
      rememberPeople(answer.hands);
      setHands([...answer.hands].sort((a, b) => a.ring - b.ring));
      setWatch('ready');
    });
    return () => {
      current = false;
    };
    // Watch again when the filter changes or the socket reconnects (a new socket has no watch).
  }, [centre, filter, connected, onFailure]);

  useEffect(() => {
    const offDiff = on('map:diff', (diff) => {
      rememberPeople(diff.upsert);
      setHands((previous) => applyDiff(previous, diff));
    });
    return offDiff;
  }, []);

  function toggleFilter(value: Mood) {
    setWatch('loading');
    setFilter((previous) =>
      previous.includes(value) ? previous.filter((m) => m !== value) : [...previous, value],
    );
  }

  return { hands, watch, filter, toggleFilter };
}
