import { useMutation, useQuery } from '@tanstack/react-query';
import {
  dataExportSchema,
  deletionResponseSchema,
  deletionStatusSchema,
  exportRequestResponseSchema,
  type DeletionRequest,
} from '@meeet/core/api/account';
import { accountPaths } from '@meeet/core/api/account-paths';
import { api } from '../../../lib/api-client.ts';

// Account deletion and data export (issue 43): one call per function, typed from core.

export const deletionStatusKey = ['account', 'deletion'] as const;

export function useDeletionStatus() {
  return useQuery({
    queryKey: deletionStatusKey,
    queryFn: async () => {
      const result = await api.get(accountPaths.deletion, {}, deletionStatusSchema);
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
  });
}

export function useRequestDeletion() {
  return useMutation({
    mutationFn: (body: DeletionRequest) =>
      api.post(accountPaths.deletion, body, deletionResponseSchema),
  });
}

export function useRequestExport() {
  return useMutation({
    mutationFn: () => api.post(accountPaths.exportRequest, {}, exportRequestResponseSchema),
  });
}

/** The archive behind a mailed link (the signed-in owner only). */
export function useDataExport(id: string, expires: string, sig: string) {
  return useQuery({
    queryKey: ['account', 'export', id, expires, sig],
    queryFn: async () => {
      const result = await api.get(
        accountPaths.exportDownload(id),
        { expires, sig },
        dataExportSchema,
      );
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
    retry: false,
  });
}
