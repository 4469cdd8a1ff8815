import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeSessionsSchema, sessionsEndedSchema } from '@meeet/core/api/security';
import { securityPaths } from '@meeet/core/api/security-paths';
import { api } from '../../../lib/api-client.ts';

// The signed-in user's sessions: the list, sign one out, sign out everywhere else.

export const sessionsKey = ['security', 'sessions'] as const;

export async function listSessions() {
  const result = await api.get(securityPaths.sessions, {}, activeSessionsSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data.list;
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: listSessions });
}

function useEndingMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndSession() {
  return useEndingMutation(async (sessionId: string) => {
    const result = await api.delete(
      securityPaths.session(sessionId),
      undefined,
      sessionsEndedSchema,
    );
    if (!result.ok) throw new Error(result.error);
    return result.data;
  });
}

export function useEndOtherSessions() {
  return useEndingMutation(async () => {
    const result = await api.post(securityPaths.endOthers, undefined, sessionsEndedSchema);
    if (!result.ok) throw new Error(result.error);
    return result.data;
  });
}
