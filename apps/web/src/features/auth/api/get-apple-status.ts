import { useQuery } from '@tanstack/react-query';
import { appleStatusResponseSchema } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';

/** GET /user/apple/status: whether Sign in with Apple is configured on this server. */
export async function getAppleStatus() {
  const result = await api.get(userPaths.appleStatus, undefined, appleStatusResponseSchema);
  return result.ok ? result.data : { enabled: false };
}

export function useAppleStatus() {
  return useQuery({
    queryKey: ['auth', 'apple-status'],
    queryFn: getAppleStatus,
    // A server setting: it does not change while the page is open.
    staleTime: Infinity,
  });
}
