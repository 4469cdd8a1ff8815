import { useQuery } from '@tanstack/react-query';
import { ErrorCode } from '@meeet/core/api/errors';
import {
  meetingListSchema,
  meetingReasonSchema,
  meetingsPaths,
  meetingsStatusSchema,
  type Meeting,
  type MeetingReason,
} from '@meeet/core/api/meetings';
import { api, unwrap, type ApiFailure } from '../../lib/api.ts';
import type { Translate } from '../../lib/i18n.ts';
import { displayName } from '../../lib/people.ts';

export const meetingsStatusKey = ['meetings', 'status'] as const;
export const meetingsListKey = ['meetings', 'list'] as const;

export function useMeetingsStatus() {
  return useQuery({
    queryKey: meetingsStatusKey,
    queryFn: () => unwrap(api.get(meetingsPaths.status, undefined, meetingsStatusSchema)),
  });
}

export function useMeetingsHistory() {
  return useQuery({
    queryKey: meetingsListKey,
    queryFn: () => unwrap(api.get(meetingsPaths.list, { offset: 0, limit: 20 }, meetingListSchema)),
  });
}

/** The reasons a meeting did not mint, in the user's words (`meetings.reason.*`). */
export function reasonsText(t: Translate, meeting: Pick<Meeting, 'reasons'>): string {
  return meeting.reasons.map((reason) => t(`meetings.reason.${reason}`)).join('; ');
}

/**
 * The reasons of a start handshake refused because the meeting could never mint
 * (MEETING_CANNOT_MINT, `details.reasons` comma-separated); null for any other failure.
 */
export function cannotMintReasons(failure: ApiFailure): MeetingReason[] | null {
  if (failure.errorCode !== ErrorCode.MEETING_CANNOT_MINT) return null;
  const parsed = meetingReasonSchema
    .array()
    .min(1)
    .safeParse((failure.details?.reasons ?? '').split(',').filter(Boolean));
  return parsed.success ? parsed.data : null;
}

/** One line for a meeting's outcome: the minted token, or why there is none. */
export function outcomeText(t: Translate, meeting: Meeting): string {
  return t(`m.meetings.outcome.${meeting.outcome}`, {
    token: meeting.token?.name ?? '',
    reasons: reasonsText(t, meeting),
  });
}

/** The longer sentence shown when a meeting has just ended. */
export function resultText(t: Translate, meeting: Meeting): string {
  const name = displayName(meeting.partner);
  switch (meeting.outcome) {
    case 'minted':
      return t('meetings.minted', { name, token: meeting.token?.name ?? '' });
    case 'refused':
      return t('meetings.refused', { name, reasons: reasonsText(t, meeting) });
    case 'mint_failed':
      return t('meetings.mint-failed', { name });
    case 'not_proven':
      return t('meetings.not-proven', { name, reasons: reasonsText(t, meeting) });
    default:
      return outcomeText(t, meeting);
  }
}
