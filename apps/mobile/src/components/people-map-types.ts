import type { MapHand } from '@meeet/core/api/realtime';

export interface LatLon {
  lat: number;
  lon: number;
}

/** A meeting spot drawn as a place (a venue), never as a person. */
export interface MapPlace {
  id: number;
  lat: number;
  lon: number;
  name: string;
  /** The full sentence for a screen reader (name and perk). */
  label: string;
}

/** The words the map draws, already translated. */
export interface PeopleMapTexts {
  /** The map as a whole, for a screen reader. */
  map: string;
  /** The user's own marker. */
  you: string;
  /** A crowd of `count` people drawn as one marker (it zooms in when pressed). */
  crowd: (count: number) => string;
  /** Shown over the map when no street map could be loaded. */
  offline: string;
}

/**
 * The live map, the same on both platforms: Apple Maps on iOS (people-map.tsx), MapLibre on
 * the web build (people-map.web.tsx). Others are drawn at their coarse positions only, with
 * their photo, name and mood colour, and crowds drawn as one; the user's own dot is exact (it
 * never leaves the phone).
 */
export interface PeopleMapProps {
  center: LatLon;
  self: LatLon | null;
  hands: readonly MapHand[];
  texts: PeopleMapTexts;
  /** The full sentence a screen reader says for a person (name, mood, distance). */
  labelOf: (hand: MapHand) => string;
  /** The short name drawn under a person's photo. */
  nameOf: (hand: MapHand) => string;
  /** The person's photo as an absolute URL, or null for none. */
  photoOf: (hand: MapHand) => string | null;
  onSelect: (userId: number) => void;
  /** Meeting spots of venues nearby (features/map/spots-layer.ts). */
  places?: readonly MapPlace[];
}

export const moodColors = {
  romantic: '#ff5c8a',
  business: '#4c9bff',
  just_chat: '#4cd98a',
} as const;

/** The user's own dot (blue, as the phone's maps draw "you"). */
export const SELF_COLOR = '#3d7bff';

/** A meeting spot's pin (a place, not a person). */
export const PLACE_COLOR = '#ffb84c';
