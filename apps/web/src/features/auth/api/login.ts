import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type LoginRequest } from '@meeet/core/api/user';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /user/login → the auth record `{ token, user }`. */
export function login(body: LoginRequest) {
  return api.post(userPaths.login, body, authResponseSchema);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
