import { useMutation } from '@tanstack/react-query';
import { userPrivateSchema, type ProfileUpdateRequest } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /user/profile-update → the updated user. */
export function updateProfile(body: ProfileUpdateRequest) {
  return api.post(userPaths.profileUpdate, body, userPrivateSchema);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
