import Supercluster from 'supercluster';
import type { MapHand } from '@meeet/core/api/realtime';
import type { Mood } from '@meeet/core/api/meet';

/** What the map draws at one place: a person, or a crowd too close to tell apart at this zoom. */
export type MapPlace =
  | { kind: 'person'; hand: MapHand }
  | { kind: 'crowd'; id: number; lat: number; lon: number; count: number; mood: Mood };

/** West, south, east, north in degrees (the order supercluster and MapLibre use). */
export type Bounds = [number, number, number, number];

/**
 * The whole world: the watched area holds a walk's worth of people (APP_WATCH_RADIUS_M), few
 * enough to place them all, so what is drawn never depends on the view having been measured.
 */
export const WORLD: Bounds = [-180, -85, 180, 85];

/** Markers closer than this many screen pixels are drawn as one crowd. */
const CROWD_RADIUS_PX = 56;
/** Past this zoom (a street's width on the screen) everyone is drawn apart. */
const MAX_CROWD_ZOOM = 17;

type HandProps = { userId: number };
type CrowdProps = Record<Mood, number>;

/**
 * The raised hands grouped for drawing (supercluster, the index Mapbox and MapLibre use): made
 * once per list of hands, then asked per zoom and visible bounds as the map moves.
 */
export class PeopleClusters {
  private readonly index: Supercluster<HandProps, CrowdProps>;
  private readonly byUser: ReadonlyMap<number, MapHand>;

  constructor(hands: readonly MapHand[]) {
    this.byUser = new Map(hands.map((hand) => [hand.userId, hand]));
    this.index = new Supercluster<HandProps, CrowdProps>({
      radius: CROWD_RADIUS_PX,
      maxZoom: MAX_CROWD_ZOOM,
      map: (props) => {
        const mood = this.byUser.get(props.userId)?.mood;
        return { romantic: 0, business: 0, just_chat: 0, ...(mood ? { [mood]: 1 } : {}) };
      },
      reduce: (into, from) => {
        into.romantic += from.romantic;
        into.business += from.business;
        into.just_chat += from.just_chat;
      },
    });
    this.index.load(
      hands.map((hand) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [hand.lon, hand.lat] },
        properties: { userId: hand.userId },
      })),
    );
  }

  /** The places to draw at this zoom within these bounds. */
  places(zoom: number, bounds: Bounds = WORLD): MapPlace[] {
    const places: MapPlace[] = [];
    for (const feature of this.index.getClusters(bounds, Math.round(zoom))) {
      const [lon, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        places.push({
          kind: 'crowd',
          id: props.cluster_id,
          lat,
          lon,
          count: props.point_count,
          mood: mostCommonMood(props),
        });
        continue;
      }
      const hand = this.byUser.get((props as HandProps).userId);
      if (hand) places.push({ kind: 'person', hand });
    }
    return places;
  }

  /** The zoom at which a crowd falls apart into smaller ones or people. */
  expansionZoom(crowdId: number): number {
    return this.index.getClusterExpansionZoom(crowdId);
  }
}

function mostCommonMood(counts: CrowdProps): Mood {
  const moods: Mood[] = ['romantic', 'business', 'just_chat'];
  return moods.reduce((best, mood) => (counts[mood] > counts[best] ? mood : best), moods[0]!);
}

/** The zoom level a map at this longitude span shows (256-pixel tiles across `widthPx`). */
export function zoomOfSpan(longitudeDelta: number, widthPx: number): number {
  return Math.log2((360 * widthPx) / (256 * Math.max(longitudeDelta, 1e-6)));
}
