import { useQuery } from '@tanstack/react-query';
import { staffSearchResultSchema } from '@meeet/core/api/staff';
import { staffPaths } from '@meeet/core/api/staff-paths';
import { api } from '../../../lib/api-client.ts';

/** GET /staff/users?q=: users by e-mail, nickname, id or deposit address. */
export async function searchUsers(q: string) {
  const result = await api.get(staffPaths.search, { q }, staffSearchResultSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

/** Asks only once there is something to look for. */
export function useUserSearch(q: string) {
  return useQuery({
    queryKey: ['staff', 'search', q],
    queryFn: () => searchUsers(q),
    enabled: q.length > 0,
  });
}
