import { useQuery } from '@tanstack/react-query';
import { staffUserDetailSchema } from '@meeet/core/api/staff';
import { staffPaths } from '@meeet/core/api/staff-paths';
import { api } from '../../../lib/api-client.ts';

export const staffUserKey = (userId: number) => ['staff', 'user', userId] as const;

/** GET /staff/users/{id}: the result as is, so the page can tell "no such user" from a failure. */
export function getStaffUser(userId: number) {
  return api.get(staffPaths.user(userId), undefined, staffUserDetailSchema);
}

export function useStaffUser(userId: number) {
  return useQuery({ queryKey: staffUserKey(userId), queryFn: () => getStaffUser(userId) });
}
