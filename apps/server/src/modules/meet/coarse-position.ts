import { createHmac } from 'node:crypto';
import {
  cellToBoundary,
  cellToLatLng,
  cellToParent,
  getHexagonEdgeLengthAvg,
  gridDisk,
  gridDistance,
  h3IndexToSplitLong,
  latLngToCell,
  UNITS,
  type SplitLong,
} from 'h3-js';

/**
 * Where others see a hand (docs/privacy.md). Each user's true position is first moved by a
 * displacement fixed for the user and the day (220–320 m, keyed, so it cannot be averaged away
 * within the day); the hand's cell is the cell of that displaced point, and everything others
 * see — the shown point (the cell's centre), which watches include it, distances, ring order,
 * who may write to whom — is a function of that cell only, never of the exact position. The
 * shown point is thus always more than 100 m from the truth (a resolution-10 cell reaches at
 * most ~84 m from its centre), and no sequence of queries can narrow it further: that is how
 * Hornet users were located within 10 m and Tinder users by trilateration.
 */

/** Resolution-10 cells reach at most ~84 m from their centre (measured over the globe). */
export const HAND_RESOLUTION = 10;
/**
 * Presence and watchers are indexed by this coarser parent (edge ~1.4 km): fine enough that a
 * 1 km watch covers a few km² rather than a whole city, coarse enough that 50 km is a few
 * thousand cells.
 */
export const AREA_RESOLUTION = 7;
/**
 * The daily displacement's length lies between these (metres): its least less a cell's reach
 * (~84 m) leaves the shown point over 130 m from the truth, a margin over the 100 m bound for
 * whatever an attacker fits around it; the spread of lengths keeps the truth anywhere in a wide
 * ring around what is shown.
 */
export const MIN_DISPLACEMENT_M = 220;
export const MAX_DISPLACEMENT_M = 320;
const DISTANCE_STEP_M = 100;
const EARTH_RADIUS_M = 6_371_008.8;

export interface LatLon {
  lat: number;
  lon: number;
}

export function handCell(lat: number, lon: number): string {
  return latLngToCell(lat, lon, HAND_RESOLUTION);
}

/**
 * A cell with what tells, without H3, that a point is in it: the largest circle about its
 * centre that the cell holds, a little smaller. A phone sends a position every second and stays
 * in its cell for most of them; `latLngToCell` cost ~0.9 µs and left ~1 KB of garbage a call.
 */
export interface CellDisc {
  cell: string;
  lat: number;
  lon: number;
  /** Metres per degree of longitude at the centre. */
  eastPerDegree: number;
  /** The square of the disc's radius in metres; 0 where the shape is not the usual one. */
  radiusSq: number;
}

/** Metres per degree of latitude (and of longitude at the equator). */
export const METRES_PER_DEGREE = 111_320;
/** Beyond this latitude a flat neighbourhood of the centre is not flat enough: ask H3. */
const DISC_MAX_LATITUDE = 80;
/** The disc's share of the inscribed circle: far from any rounding of H3's own projection. */
const DISC_SHARE = 0.9;

/** Degrees of longitude from `from` to `to`, the short way round (across ±180° too). */
export function lonDelta(from: number, to: number): number {
  const d = to - from;
  return d > 180 ? d - 360 : d < -180 ? d + 360 : d;
}

const RAD = Math.PI / 180;

/** The cosine `distanceM` uses for a latitude (a `CosLatLon`'s `cosLat`). */
export function cosLatOf(lat: number): number {
  return Math.cos(lat * RAD);
}

/** Metres per degree of longitude at this latitude. */
export function eastPerDegreeAt(lat: number): number {
  return METRES_PER_DEGREE * cosLatOf(lat);
}

/**
 * The square of the distance in metres from a centre to a point, on flat metres about the
 * centre: for quick tests within a few kilometres (a cell's disc, a watcher's reach), with
 * `eastPerDegree` the centre's (`eastPerDegreeAt`).
 */
export function flatDistanceSq(
  lat0: number,
  lon0: number,
  eastPerDegree: number,
  lat: number,
  lon: number,
): number {
  const east = lonDelta(lon0, lon) * eastPerDegree;
  const north = (lat - lat0) * METRES_PER_DEGREE;
  return east * east + north * north;
}

export function cellDisc(cell: string): CellDisc {
  const [lat, lon] = cellToLatLng(cell);
  const eastPerDegree = eastPerDegreeAt(lat);
  const noDisc: CellDisc = { cell, lat, lon, eastPerDegree, radiusSq: 0 };
  // Near the poles the flat neighbourhood is not flat enough, and pentagons and cells cut by an
  // edge of the icosahedron have other shapes: there, always ask H3.
  if (Math.abs(lat) > DISC_MAX_LATITUDE) return noDisc;
  const corners = cellToBoundary(cell).map(([cLat, cLon]) => ({
    x: lonDelta(lon, cLon) * eastPerDegree,
    y: (cLat - lat) * METRES_PER_DEGREE,
  }));
  if (corners.length !== 6) return noDisc;
  let inner = Infinity;
  for (const [n, a] of corners.entries()) {
    const b = corners[(n + 1) % corners.length]!;
    // The distance from the centre (the origin) to the line through the edge.
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    inner = Math.min(inner, Math.abs(a.x * b.y - a.y * b.x) / length);
  }
  return { cell, lat, lon, eastPerDegree, radiusSq: (inner * DISC_SHARE) ** 2 };
}

/** The cell of a hand at this point: the disc's own when the point lies in it. */
export function cellIn(disc: CellDisc | undefined, lat: number, lon: number): string {
  if (disc && disc.radiusSq > 0) {
    if (flatDistanceSq(disc.lat, disc.lon, disc.eastPerDegree, lat, lon) < disc.radiusSq) {
      return disc.cell;
    }
  }
  return handCell(lat, lon);
}

export function areaOf(cell: string): string {
  return cellToParent(cell, AREA_RESOLUTION);
}

/**
 * Small watches are indexed by these finer cells (edge ~460 m): in a busy city a move then
 * reaches a few hundred watchers instead of a thousand or more. Larger watches stay on the
 * area cells, where 50 km is a few thousand cells rather than tens of thousands.
 */
export const FINE_INDEX_RESOLUTION = 8;
export const FINE_INDEX_MAX_RADIUS_M = 5000;

/**
 * How far from an index cell's centre a hand indexed in it can be: the cell's corner (one
 * edge), the drift of a resolution-10 descendant beyond its ancestor's outline (H3 children are
 * not strictly inside their parents), and the size variation of cells around the globe.
 */
function reachOf(resolution: number): number {
  return getHexagonEdgeLengthAvg(resolution, UNITS.m) * 1.6 + 200;
}

/**
 * The index cells of a resolution a watched circle can touch: a disk of cells with a margin,
 * less those whose centre is too far for any of their hands to be in the circle. Without that
 * cut a 1 km watch took 37 area cells (~190 km²) and each move in a city reached nearly every
 * watcher.
 */
export function indexCellsAround(center: LatLon, radiusM: number, resolution: number): string[] {
  const spacing = getHexagonEdgeLengthAvg(resolution, UNITS.m) * Math.sqrt(3);
  const reach = reachOf(resolution);
  // Cells vary in size over each icosahedron face (the old 0.75 spacing missed the edge of a
  // 50 km circle near 9°S 123°W), so the disk assumes small ones; the cut drops the surplus.
  const k = Math.ceil(radiusM / (spacing * 0.55)) + 2;
  return gridDisk(latLngToCell(center.lat, center.lon, resolution), k).filter(
    (cell) => distanceM(center, cellCentre(cell)) <= radiusM + reach,
  );
}

/** The area cells (presence's index) a watched circle can touch. */
export function areasAround(center: LatLon, radiusM: number): string[] {
  return indexCellsAround(center, radiusM, AREA_RESOLUTION);
}

/** A point with the cosine of its latitude, worked out once for the many distances to it. */
export interface CosLatLon extends LatLon {
  cosLat: number;
}

/** Great-circle distance (haversine) in metres. */
export function distanceM(a: LatLon, b: LatLon): number {
  return haversineM(a, cosLatOf(a.lat), b, cosLatOf(b.lat));
}

/** `distanceM` between points that carry their cosines: the same figure, two cosines fewer. */
export function distanceCosM(a: CosLatLon, b: CosLatLon): number {
  return haversineM(a, a.cosLat, b, b.cosLat);
}

function haversineM(a: LatLon, cosA: number, b: LatLon, cosB: number): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + cosA * cosB * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the watcher sees it: whole 100 m steps, at least one step. */
export function roundedDistance(metres: number): number {
  return Math.max(DISTANCE_STEP_M, Math.round(metres / DISTANCE_STEP_M) * DISTANCE_STEP_M);
}

/** UTC day number: the displacement changes at midnight UTC for everyone at once. */
export function dayOf(now: number): number {
  return Math.floor(now / 86_400_000);
}

/** Metres east and north. */
export interface Displacement {
  east: number;
  north: number;
}

/** The user's displacement of the day (keyed, so it reveals nothing; see the head comment). */
export function dayDisplacement(userId: number, day: number, secret: string): Displacement {
  const digest = createHmac('sha256', secret).update(`${userId}:${day}`).digest();
  const angle = (digest.readUInt32BE(0) / 0x1_0000_0000) * 2 * Math.PI;
  const length =
    MIN_DISPLACEMENT_M +
    (digest.readUInt32BE(4) / 0x1_0000_0000) * (MAX_DISPLACEMENT_M - MIN_DISPLACEMENT_M);
  return { east: length * Math.sin(angle), north: length * Math.cos(angle) };
}

/** The point `by` away from (lat, lon), on the flat neighbourhood of the point. */
export function displaced(lat: number, lon: number, by: Displacement): LatLon {
  const movedLat = Math.max(-90, Math.min(90, lat + by.north / METRES_PER_DEGREE));
  const east = eastPerDegreeAt(lat);
  // Within a metre of a pole there is no east: the point only moves north or south.
  const movedLon = east > 1 ? lon + by.east / east : lon;
  return { lat: movedLat, lon: ((((movedLon + 180) % 360) + 360) % 360) - 180 };
}

/** The centre of a cell. */
export function cellCentre(cell: string): LatLon {
  const [lat, lon] = cellToLatLng(cell);
  return { lat, lon };
}

/**
 * A cell as H3 takes it without parsing: kept beside the string where one cell meets many
 * (a watcher's centre, a hand's cell), since parsing both strings was half of `ringsBetween`.
 */
export type ParsedCell = SplitLong;

export function parsedCell(cell: string): ParsedCell {
  return h3IndexToSplitLong(cell);
}

/** Rings of resolution-10 cells between two cells (estimated from the distance if H3 cannot say). */
export function ringsBetween(from: string | ParsedCell, to: string | ParsedCell): number {
  try {
    return gridDistance(from, to);
  } catch {
    const [aLat, aLon] = cellToLatLng(from);
    const [bLat, bLon] = cellToLatLng(to);
    const spacing = getHexagonEdgeLengthAvg(HAND_RESOLUTION, UNITS.m) * Math.sqrt(3);
    return Math.round(distanceM({ lat: aLat, lon: aLon }, { lat: bLat, lon: bLon }) / spacing);
  }
}

/** The fine index cell of a hand's cell (see FINE_INDEX_RESOLUTION). */
export function fineIndexOf(cell: string): string {
  return cellToParent(cell, FINE_INDEX_RESOLUTION);
}
