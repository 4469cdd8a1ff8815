import { describe, expect, it } from 'vitest';
import { mapDiffSchema, type MapHand } from '@meeet/core/api/realtime';
import { EncodedDiff, sharedPart } from './map-diff.ts';

function entryOf(hand: MapHand) {
  const { distanceM, ring, mood, lat, lon, ...card } = hand;
  return { shared: sharedPart(card, mood, { lat, lon }), distanceM, ring };
}

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

describe('map diffs encoded by hand', () => {
  it('read as the same diff the Socket.IO encoder would have written, names of any kind included', () => {
    const bob: MapHand = { ...anna, userId: 1234567, nickname: 'bob', distanceM: 0, ring: 0 };
    const json = new EncodedDiff([entryOf(anna), entryOf(bob)], [3, 90210]).json();

    const diff = mapDiffSchema.parse(JSON.parse(json));
    expect(diff).toEqual({ upsert: [anna, bob], left: [3, 90210] });
    expect(json).toBe(JSON.stringify({ upsert: [anna, bob], left: [3, 90210] }));
  });

  it('is written between the frame head and tail it is given, as UTF-8 of exactly its size', () => {
    const diff = new EncodedDiff([entryOf(anna)], [9]);
    const frame = diff.framed(Buffer.from('42["map:diff",'), Buffer.from(']'));

    const text = frame.toString('utf8');
    expect(text).toBe(`42["map:diff",${diff.json()}]`);
    expect(JSON.parse(text.slice(2))).toEqual(['map:diff', { upsert: [anna], left: [9] }]);
    expect(frame.length).toBe(Buffer.byteLength(text));
  });

  it('is an empty diff when nothing changed', () => {
    expect(JSON.parse(new EncodedDiff([], []).json())).toEqual({ upsert: [], left: [] });
  });

  it('refuses a number that is not whole rather than writing broken JSON', () => {
    const entry = { ...entryOf(anna), distanceM: 12.5 };
    expect(() => new EncodedDiff([entry], []).json()).toThrow(RangeError);
    expect(() => new EncodedDiff([], [-1]).json()).toThrow(RangeError);
  });
});
