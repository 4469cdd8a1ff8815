import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meetPaths, reportSchema, type ReportDecision } from '@meeet/core/api/meet';
import { api } from '../../../lib/api-client.ts';
import { reportsKey } from './list-reports.ts';

/** POST /meet/moderation/reports/{id}: dismiss, warn or ban. */
export function decideReport({ id, body }: { id: number; body: ReportDecision }) {
  return api.post(meetPaths.moderationDecision.replace(':id', String(id)), body, reportSchema);
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: reportsKey });
    },
  });
}
