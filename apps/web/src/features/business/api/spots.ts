import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ownSpotListSchema, ownSpotSchema, type SpotValues } from '@meeet/core/api/business';
import { businessPaths } from '@meeet/core/api/business-paths';
import { api } from '../../../lib/api-client.ts';

export const mySpotsKey = ['business', 'spots'] as const;

/** GET /business/spots: the venue's spots with how many meetings each hosted. */
export async function listMySpots() {
  const result = await api.get(businessPaths.mySpots, {}, ownSpotListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data.spots;
}

export function useMySpots(enabled: boolean) {
  return useQuery({ queryKey: mySpotsKey, queryFn: listMySpots, enabled });
}

/** POST /business/spots: publish a meeting spot. */
export function createSpot(body: SpotValues) {
  return api.post(businessPaths.mySpots, body, ownSpotSchema);
}

export function useCreateSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSpot,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: mySpotsKey });
    },
  });
}
