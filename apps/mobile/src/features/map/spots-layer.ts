import { useQuery } from '@tanstack/react-query';
import { spotListSchema, type Spot } from '@meeet/core/api/business';
import { businessPaths } from '@meeet/core/api/business-paths';
import { APP_WATCH_RADIUS_M } from '@meeet/core/rules/app-pace';
import { api, unwrap } from '../../lib/api.ts';
import type { Translate } from '../../lib/i18n.ts';
import type { MapPlace } from '../../components/people-map-types.ts';

/** The sentence a screen reader says for a spot, and its title on the map. */
export function spotLabel(t: Translate, spot: Spot): string {
  return spot.perk
    ? t('m.map.spot-perk', { name: spot.name, perk: spot.perk })
    : t('m.map.spot', { name: spot.name });
}

/**
 * The map's places layer (issue 44): meeting spots of approved venues around the watched
 * area's centre, drawn as places, never as people.
 */
export function useSpotPlaces(
  centre: { lat: number; lon: number } | null,
  labelOf: (spot: Spot) => string,
): MapPlace[] {
  const spots = useQuery({
    queryKey: ['spots', 'nearby', centre?.lat, centre?.lon],
    enabled: centre !== null,
    queryFn: async () =>
      (
        await unwrap(
          api.get(
            businessPaths.spotsNearby,
            {
              lat: String(centre?.lat),
              lon: String(centre?.lon),
              radiusKm: String(APP_WATCH_RADIUS_M / 1000),
            },
            spotListSchema,
          ),
        )
      ).spots,
  });
  return (spots.data ?? []).map((spot) => ({
    id: spot.id,
    lat: spot.lat,
    lon: spot.lon,
    name: spot.name,
    label: labelOf(spot),
  }));
}
