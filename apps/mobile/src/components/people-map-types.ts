import type { MapHand } from '@meeet/core/api/realtime';

export interface LatLon {
  lat: number;
  lon: number;
}

/**
 * The live map, the same on both platforms: Apple Maps on iOS (people-map.tsx), MapLibre on
 * the web build (people-map.web.tsx). Others are drawn at their coarse positions only; the
 * user's own dot is exact (it never leaves the phone).
 */
export interface PeopleMapProps {
  center: LatLon;
  self: LatLon | null;
  hands: readonly MapHand[];
  selfLabel: string;
  labelOf: (hand: MapHand) => string;
  onSelect: (userId: number) => void;
}

export const moodColors = {
  romantic: '#ff5c8a',
  business: '#4c9bff',
  just_chat: '#4cd98a',
} as const;
