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

/** PUT /business/spots/{id}: change one of the venue's spots. */
export function useUpdateSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SpotValues }) =>
      api.put(businessPaths.mySpot(id), body, ownSpotSchema),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: mySpotsKey });
    },
  });
}

/** DELETE /business/spots/{id}: remove one of the venue's spots. */
export function useDeleteSpot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(businessPaths.mySpot(id)),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: mySpotsKey });
    },
  });
}
