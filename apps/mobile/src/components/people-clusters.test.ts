import type { MapHand } from '@meeet/core/api/realtime';
import { PeopleClusters, zoomOfSpan, type Bounds } from './people-clusters.ts';

function hand(userId: number, lat: number, lon: number, mood: MapHand['mood']): MapHand {
  return {
    userId,
    nickname: `p${userId}`,
    firstName: null,
    avatar: '',
    verified: false,
    levels: [],
    mood,
    lat,
    lon,
    distanceM: 300,
    ring: 2,
  };
}

const WORLD: Bounds = [-180, -85, 180, 85];
// Five people within a street of each other, one a kilometre away.
const crowd = [
  hand(1, 55.7558, 37.6173, 'romantic'),
  hand(2, 55.7559, 37.6175, 'romantic'),
  hand(3, 55.756, 37.6171, 'business'),
  hand(4, 55.7557, 37.6176, 'romantic'),
  hand(5, 55.7561, 37.6174, 'just_chat'),
];
const apart = hand(6, 55.7648, 37.6173, 'business');

describe('people on the map, grouped for drawing', () => {
  it('draws a close crowd as one marker with its size and most common mood at a city zoom', () => {
    const places = new PeopleClusters([...crowd, apart]).places(13, WORLD);
    expect(places).toContainEqual(
      expect.objectContaining({ kind: 'crowd', count: 5, mood: 'romantic' }),
    );
    expect(places).toContainEqual({ kind: 'person', hand: apart });
  });

  it('draws everyone apart at a street zoom', () => {
    const places = new PeopleClusters([...crowd, apart]).places(19, WORLD);
    expect(places.map((p) => (p.kind === 'person' ? p.hand.userId : 'crowd')).sort()).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });

  it('tells the zoom at which a crowd falls apart', () => {
    const clusters = new PeopleClusters(crowd);
    const [place] = clusters.places(12, WORLD);
    if (place?.kind !== 'crowd') throw new Error('expected a crowd');
    expect(clusters.expansionZoom(place.id)).toBeGreaterThan(12);
  });

  it('draws only what lies in view', () => {
    const west: Bounds = [37.0, 55.0, 37.5, 56.0];
    expect(new PeopleClusters([...crowd, apart]).places(19, west)).toEqual([]);
  });

  it('reads a zoom level from a region span as Apple Maps gives it', () => {
    // 360° over one 256-pixel tile is zoom 0; half the span is one level more.
    expect(zoomOfSpan(360, 256)).toBeCloseTo(0);
    expect(zoomOfSpan(0.03, 390)).toBeCloseTo(14.19, 1);
  });
});
