import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { kycModerationListSchema, type KycModerationListQuery } from '@meeet/core/api/kyc';
import { kycPaths } from '@meeet/core/api/kyc-paths';
import { api } from '../../../lib/api-client.ts';

export const kycApplicationsKey = ['control', 'kyc'] as const;

/** GET /kyc/moderate/list (offset, limit, status, lastName). */
export async function listKycApplications(query: KycModerationListQuery) {
  const result = await api.get(
    kycPaths.moderateList,
    { ...query, lastName: query.lastName || undefined },
    kycModerationListSchema,
  );
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useKycApplications(query: KycModerationListQuery) {
  return useQuery({
    queryKey: [...kycApplicationsKey, query],
    queryFn: () => listKycApplications(query),
    placeholderData: keepPreviousData,
  });
}
