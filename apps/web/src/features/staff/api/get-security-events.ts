import { useQuery } from '@tanstack/react-query';
import { securityEventsPageSchema } from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { api } from '../../../lib/api-client.ts';

/** GET /staff/users/{id}/security-events: the newest page (admins). */
export function useSecurityEvents(userId: number) {
  return useQuery({
    queryKey: ['staff', 'user', userId, 'security-events'] as const,
    queryFn: async () => {
      const result = await api.get(securityPaths.staffEvents(userId), {}, securityEventsPageSchema);
      if (!result.ok) throw new Error(result.error);
      return result.data.list;
    },
  });
}
