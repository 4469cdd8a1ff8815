import { useMutation } from '@tanstack/react-query';
import { sessionsEndedSchema } from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { api } from '../../../lib/api-client.ts';

/** POST /security/not-me with the mail link's token: every session ends. */
export function useNotMe() {
  return useMutation({
    mutationFn: async (token: string) => {
      const result = await api.post(securityPaths.notMe, { token }, sessionsEndedSchema);
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
  });
}
