import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cpaPostbackListSchema, cpaPostbackSchema } from '@meeet/core/api/cpa';
import { cpaPaths } from '@meeet/core/api/cpa-paths';
import { api } from '../../../lib/api-client.ts';
import { cpaKey } from './cpa-links.ts';

const postbacksKey = [...cpaKey, 'postbacks'] as const;

/** GET /cpa/postbacks (offset, limit): each postback with its attempts. */
export async function listCpaPostbacks(query: { offset: number; limit: number }) {
  const result = await api.get(cpaPaths.postbacks, { ...query }, cpaPostbackListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useCpaPostbacks(query: { offset: number; limit: number }) {
  return useQuery({
    queryKey: [...postbacksKey, query],
    queryFn: () => listCpaPostbacks(query),
    placeholderData: keepPreviousData,
  });
}

/** POST /cpa/postbacks/{id}/resend. */
export function resendCpaPostback(id: number) {
  return api.post(cpaPaths.postbackResend(id), undefined, cpaPostbackSchema);
}

export function useResendCpaPostback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendCpaPostback,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: postbacksKey }),
  });
}
