import { describe, expect, it } from 'vitest';
import { mapDiffSchema, type MapHand } from '@meeet/core/api/realtime';
import { diffJson, entryJson, sharedPart } from './map-diff.ts';

describe('map diffs encoded by hand', () => {
  it('read as the same diff the Socket.IO encoder would have written, names of any kind included', () => {
    const entry: MapHand = {
      userId: 7,
      nickname: 'Quote " back\\slash \u2028 😀',
      firstName: 'Анна',
      avatar: '/api/media/a.webp',
      verified: true,
      levels: [0, 2],
      mood: 'romantic',
      cell: '8a11aa6a4c27fff',
      lat: 55.7512345678,
      lon: -37.61,
      distanceM: 300,
      ring: 4,
    };
    const { distanceM, ring, mood, cell, lat, lon, ...card } = entry;
    const json = diffJson(
      [entryJson(sharedPart(card, mood, cell, { lat, lon }), distanceM, ring)],
      [3, 9],
    );

    const diff = mapDiffSchema.parse(JSON.parse(json));
    expect(diff).toEqual({ upsert: [entry], left: [3, 9] });
    expect(json).toBe(JSON.stringify({ upsert: [entry], left: [3, 9] }));
  });

  it('is an empty diff when nothing changed', () => {
    expect(JSON.parse(diffJson([], []))).toEqual({ upsert: [], left: [] });
  });
});
