import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  moderatorAppointResultSchema,
  moderatorListSchema,
  moderatorPaths,
  type ModeratorAppointRequest,
} from '@meeet/core/api/moderators';
import { api } from '../../../lib/api-client.ts';

const moderatorsKey = ['staff', 'moderators'] as const;

/** GET /staff/moderators: each level's earliest holders and what they moderate (admins). */
export function useModerators(enabled: boolean) {
  return useQuery({
    queryKey: moderatorsKey,
    queryFn: async () => {
      const result = await api.get(moderatorPaths.list, undefined, moderatorListSchema);
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
    enabled,
  });
}

/** POST /staff/moderators/{id}: appoint for a level or remove from it; the list reloads. */
export function useAppointModerator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: ModeratorAppointRequest }) =>
      api.post(moderatorPaths.appoint(userId), body, moderatorAppointResultSchema),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: moderatorsKey });
    },
  });
}
