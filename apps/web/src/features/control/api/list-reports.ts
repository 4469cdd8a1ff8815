import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { meetPaths, reportListSchema, type ReportStatus } from '@meeet/core/api/meet';
import { api } from '../../../lib/api-client.ts';

export const reportsKey = ['control', 'reports'] as const;

export interface ReportListQuery {
  status: ReportStatus;
  offset: number;
  limit: number;
}

/** GET /meet/moderation/reports (status, offset, limit): the moderation queue with context. */
export async function listReports(query: ReportListQuery) {
  const result = await api.get(meetPaths.moderationReports, { ...query }, reportListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useReports(query: ReportListQuery) {
  return useQuery({
    queryKey: [...reportsKey, query],
    queryFn: () => listReports(query),
    placeholderData: keepPreviousData,
  });
}
