import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  businessModerationDetailSchema,
  businessModerationListSchema,
  type BusinessModerateRequest,
  type BusinessModerationListQuery,
} from '@meeet/core/api/business';
import { businessPaths } from '@meeet/core/api/business-paths';
import { api } from '../../../lib/api-client.ts';

// The control area's business calls (moderators and admins): the queue, one business, a decision.

export const controlBusinessesKey = ['control', 'business'] as const;

export async function listBusinesses(query: BusinessModerationListQuery) {
  const result = await api.get(businessPaths.moderateList, query, businessModerationListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useBusinesses(query: BusinessModerationListQuery) {
  return useQuery({
    queryKey: [...controlBusinessesKey, 'list', query],
    queryFn: () => listBusinesses(query),
    placeholderData: keepPreviousData,
  });
}

export async function getBusiness(id: number) {
  const result = await api.get(businessPaths.moderateOne(id), {}, businessModerationDetailSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useBusiness(id: number) {
  return useQuery({ queryKey: [...controlBusinessesKey, id], queryFn: () => getBusiness(id) });
}

/** PATCH /business/moderate/{id}: approve, ask for more, refuse, suspend, reinstate. */
export function decideBusiness({ id, body }: { id: number; body: BusinessModerateRequest }) {
  return api.patch(businessPaths.moderateOne(id), body, businessModerationDetailSchema);
}

export function useDecideBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideBusiness,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: controlBusinessesKey });
    },
  });
}
