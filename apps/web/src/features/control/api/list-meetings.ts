import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { meetingsPaths, moderationMeetingListSchema } from '@meeet/core/api/meetings';
import { api } from '../../../lib/api-client.ts';

export const meetingsKey = ['control', 'meetings'] as const;

export interface MeetingListQuery {
  offset: number;
  limit: number;
}

/** GET /meetings/moderation (offset, limit): refused, unproven and failed meetings, newest first. */
export async function listModerationMeetings(query: MeetingListQuery) {
  const result = await api.get(meetingsPaths.moderation, { ...query }, moderationMeetingListSchema);
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

export function useModerationMeetings(query: MeetingListQuery) {
  return useQuery({
    queryKey: [...meetingsKey, query],
    queryFn: () => listModerationMeetings(query),
    placeholderData: keepPreviousData,
  });
}
