import { useMutation } from '@tanstack/react-query';
import { deviceLockSchema, meetingsPaths } from '@meeet/core/api/meetings';
import { api } from '../../../lib/api-client.ts';

/** DELETE /meetings/device-lock/{userId}: a moderator lifts a user's device-protection lock. */
export function liftDeviceLock(userId: number) {
  return api.delete(
    meetingsPaths.deviceLockLift.replace(':userId', String(userId)),
    undefined,
    deviceLockSchema,
  );
}

/** The answer is the lock as it stands afterwards; the meetings list does not change. */
export function useLiftDeviceLock() {
  return useMutation({ mutationFn: liftDeviceLock });
}
