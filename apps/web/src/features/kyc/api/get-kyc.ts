import { useQuery } from '@tanstack/react-query';
import { kycStateSchema } from '@meeet/core/api/kyc';
import { kycPaths } from '@meeet/core/api/kyc-paths';
import { KycStatus } from '@meeet/core/enums';
import { api } from '../../../lib/api-client.ts';

export const kycQueryKey = ['kyc', 'state'] as const;

/** How often an application under review is asked about, besides the socket notice. */
const REVIEW_POLL_MS = 30_000;

/** GET /kyc: the signed-in user's verification. */
export async function getKyc() {
  const result = await api.get(kycPaths.state, undefined, kycStateSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useKyc() {
  return useQuery({
    queryKey: kycQueryKey,
    queryFn: getKyc,
    refetchInterval: (query) =>
      query.state.data?.status === KycStatus.REQUESTED ? REVIEW_POLL_MS : false,
  });
}
