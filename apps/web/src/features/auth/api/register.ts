import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type RegisterRequest } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /user/register → the auth record `{ token, user }` of the new account. */
export function register(body: RegisterRequest) {
  return api.post(userPaths.register, body, authResponseSchema);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
