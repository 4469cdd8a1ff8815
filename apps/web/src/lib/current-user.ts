import { useQuery } from '@tanstack/react-query';
import { isRole } from './roles.ts';
import { userPaths } from '@meeet/core/api/user-paths';
import { api } from './api-client.ts';
import { useAuthStore, type SessionUser } from './stores/auth-store.ts';

export const currentUserQueryKey = (token: string | null) => ['user', 'me', token] as const;

/** The body may be the user itself or `{ user }`; both shapes are read. */
function pickUser(data: unknown): SessionUser | null {
  if (!data || typeof data !== 'object') return null;
  const candidate = 'user' in data && data.user && typeof data.user === 'object' ? data.user : data;
  const user = candidate as Partial<SessionUser>;
  if (typeof user.id !== 'number') return null;
  return { ...user, id: user.id, role: isRole(user.role) ? user.role : undefined } as SessionUser;
}

/**
 * GET /user/me for the stored token. Any failure (including the 404 before accounts exist)
 * reads as "no user", so role-gated screens stay closed.
 */
export function useCurrentUser() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: currentUserQueryKey(token),
    enabled: Boolean(token),
    queryFn: async () => {
      const result = await api.get<unknown>(userPaths.me);
      return result.ok ? pickUser(result.data) : null;
    },
  });
}
