import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffUserDetailSchema, type StaffActionRequest } from '@meeet/core/api/staff';
import { staffPaths } from '@meeet/core/api/staff-paths';
import { api } from '../../../lib/api-client.ts';
import { staffSectionsKey } from './get-staff-section.ts';
import { staffUserKey } from './get-staff-user.ts';

/** POST /staff/users/{id}/actions: one admin action with its reason. */
export function takeStaffAction({ userId, body }: { userId: number; body: StaffActionRequest }) {
  return api.post(staffPaths.action(userId), body, staffUserDetailSchema);
}

/** On success the page shows the user as the answer has them (the audit row included). */
export function useStaffAction(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeStaffAction,
    onSuccess: (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(staffUserKey(userId), result);
      // A re-opened KYC, a lifted lock: the sections read again.
      void queryClient.invalidateQueries({ queryKey: staffSectionsKey(userId) });
    },
  });
}
