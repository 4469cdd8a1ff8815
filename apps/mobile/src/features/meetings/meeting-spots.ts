import { useQuery } from '@tanstack/react-query';
import { visitedSpotsSchema, type Spot } from '@meeet/core/api/business';
import { businessPaths } from '@meeet/core/api/business-paths';
import { api, unwrap } from '../../lib/api.ts';

/**
 * The user's meetings held at a venue's meeting spot (issue 44), by meeting id: the history
 * names the place. A failed call only leaves the places out.
 */
export function useMeetingSpots(): ReadonlyMap<number, Spot> {
  const visited = useQuery({
    queryKey: ['spots', 'visited'],
    queryFn: () => unwrap(api.get(businessPaths.spotsVisited, undefined, visitedSpotsSchema)),
  });
  return new Map((visited.data?.meetings ?? []).map((row) => [row.meetingId, row.spot]));
}
