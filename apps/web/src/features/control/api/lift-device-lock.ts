import { useMutation } from '@tanstack/react-query';
import { deviceLockLiftSchema, meetingsPaths } from '@meeet/core/api/meetings';
import { api } from '../../../lib/api-client.ts';

/** DELETE /meetings/device-lock/{userId}: a moderator lifts a user's device-protection lock. */
export function liftDeviceLock(userId: number) {
  return api.delete(
    meetingsPaths.deviceLockLift.replace(':userId', String(userId)),
    undefined,
    deviceLockLiftSchema,
  );
}

/** The answer is the lock as it stands afterwards and whether there was one; the list stays. */
export function useLiftDeviceLock() {
  return useMutation({ mutationFn: liftDeviceLock });
}
