import { useQuery } from '@tanstack/react-query';
import type { UserPrivate } from '@meeet/core/api/user';
import { isRole } from './roles.ts';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { useAuthStore, type SessionUser } from './stores/auth-store.ts';

/** The signed-in user as the accounts contract describes it (core's UserPrivate). */
export type CurrentUser = SessionUser & Partial<Omit<UserPrivate, 'id' | 'role'>>;

export const currentUserQueryKey = (token: string | null) => ['user', 'me', token] as const;

/** The body may be the user itself or `{ user }`; both shapes are read. */
function pickUser(data: unknown): CurrentUser | null {
  if (!data || typeof data !== 'object') return null;
  const candidate = 'user' in data && data.user && typeof data.user === 'object' ? data.user : data;
  const user = candidate as Partial<SessionUser>;
  if (typeof user.id !== 'number') return null;
  return { ...user, id: user.id, role: isRole(user.role) ? user.role : undefined } as CurrentUser;
}

/**
 * Keeps both copies of the signed-in user in step: the stored auth record (spec §3) and the
 * cached GET /user/me, so guards see a change (e-mail confirmed,
 * profile completed) without asking the server again.
 */
export function saveCurrentUser(user: CurrentUser): void {
  const { token } = useAuthStore.getState();
  useAuthStore.getState().setUser(user);
  queryClient.setQueryData(currentUserQueryKey(token), user);
}

/** Spec §4 login/register success: the auth record `{ token, user }` is saved. */
export function saveAuth({ token, user }: { token: string; user: CurrentUser }): void {
  useAuthStore.getState().setAuth({ token, user });
  queryClient.setQueryData(currentUserQueryKey(token), user);
}

export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const token = useAuthStore.getState().token;
  const result = await api.get<unknown>(userPaths.me);
  const user = result.ok ? pickUser(result.data) : null;
  // A reply for a session that has since ended must not be written into the new one.
  if (user && useAuthStore.getState().token === token) {
    useAuthStore.getState().setUser(user);
  }
  return user;
}

/**
 * GET /user/me for the stored token. Any failure reads as "no user", so role-gated screens
 * stay closed; a 401 has already signed the visitor out (api-client).
 */
export function useCurrentUser() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: currentUserQueryKey(token),
    enabled: Boolean(token),
    queryFn: fetchCurrentUser,
  });
}
