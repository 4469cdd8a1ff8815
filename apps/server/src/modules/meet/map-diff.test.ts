import { describe, expect, it } from 'vitest';
import { mapHandSchema, type MapHand } from '@meeet/core/api/realtime';
import { byRingThenUser, mapEntry, sharedFields } from './map-diff.ts';

const anna: MapHand = {
  userId: 7,
  nickname: 'Quote " back\\slash \u2028 😀',
  firstName: 'Анна',
  avatar: '/api/media/a.webp',
  verified: true,
  levels: [0, 2],
  mood: 'romantic',
  lat: 55.7512345678,
  lon: -37.61,
  distanceM: 300,
  ring: 4,
};

describe('map entries', () => {
  it('carry the card, mood and shown point every watcher shares, and each watcher its own distance and ring', () => {
    const { distanceM, ring, mood, lat, lon, ...card } = anna;
    const shared = sharedFields(card, mood, { lat, lon });

    expect(mapHandSchema.parse(mapEntry(shared, distanceM, ring))).toEqual(anna);
    expect(mapEntry(shared, 0, 0)).toEqual({ ...anna, distanceM: 0, ring: 0 });
  });

  it('are ordered by ring of cells, then by user, never by exact distance', () => {
    const entries = [
      { ...anna, userId: 3, ring: 2, distanceM: 100 },
      { ...anna, userId: 1, ring: 2, distanceM: 900 },
      { ...anna, userId: 9, ring: 0, distanceM: 500 },
    ];
    expect(entries.sort(byRingThenUser).map((entry) => entry.userId)).toEqual([9, 1, 3]);
  });
});
