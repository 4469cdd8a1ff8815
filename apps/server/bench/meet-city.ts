/** The city both meet benchmarks simulate: where the phones are, how far they watch and walk. */
export const CITY = { lat: 55.75, lon: 37.62 };
export const CITY_RADIUS_M = 8000;
export const WATCH_RADIUS_M = 1000;
/** Walking speed, metres per one-second beat. */
export const SPEED_MS = 5;

/** A phone's place, kept in metres east and north of the city's centre. */
export function latLonOf(place: { east: number; north: number }): { lat: number; lon: number } {
  return {
    lat: CITY.lat + place.north / 111_320,
    lon: CITY.lon + place.east / (111_320 * Math.cos((CITY.lat * Math.PI) / 180)),
  };
}
