import { useQuery } from '@tanstack/react-query';
import { isRole } from './roles.ts';
import { api } from './api-client.ts';
import { useAuthStore, type SessionUser } from './stores/auth-store.ts';

// Spec §7 GET /user/me. Not read from core's userPaths: that module's schemas use enums.ts's zod
// schemas, and enums.ts is evaluated by the first page (through constants.ts), so importing it
// here would move all of zod (~24 KB gzip) into the first-page bundle.
const ME_PATH = '/user/me';

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
      const result = await api.get<unknown>(ME_PATH);
      return result.ok ? pickUser(result.data) : null;
    },
  });
}
