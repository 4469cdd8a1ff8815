import type { ReviewLimits } from '../api/review-rules.ts';

// Pure checks of the admins' review rules (issue 44 item 5), shared by the server, which
// enforces them, and the web forms, which tell the user before sending.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first blocked word found as a whole word (case-insensitive, letters of any script) in
 * one of the texts, in the list's order; null when none is.
 */
export function blockedWordIn(words: readonly string[], texts: readonly string[]): string | null {
  for (const word of words) {
    const whole = new RegExp(`(?<![\\p{L}\\p{N}_])${escape(word)}(?![\\p{L}\\p{N}_])`, 'iu');
    if (texts.some((text) => whole.test(text))) return word;
  }
  return null;
}

/** A campaign field outside the limits: the field, the catalogue key and its parameters. */
export interface LimitBreach {
  field: 'areaRadiusKm' | 'dailyCap';
  messageKey:
    'review-rules.radius-too-large' | 'review-rules.cap-too-small' | 'review-rules.cap-too-large';
  params: { limit: number };
}

/** Whether a campaign's area and daily cap keep the limits; the first breach, else null. */
export function limitBreach(
  limits: Pick<ReviewLimits, 'maxAreaRadiusKm' | 'minDailyCap' | 'maxDailyCap'>,
  campaign: { areaRadiusKm: number | null; dailyCap: number },
): LimitBreach | null {
  if (campaign.areaRadiusKm !== null && campaign.areaRadiusKm > limits.maxAreaRadiusKm) {
    return {
      field: 'areaRadiusKm',
      messageKey: 'review-rules.radius-too-large',
      params: { limit: limits.maxAreaRadiusKm },
    };
  }
  if (campaign.dailyCap < limits.minDailyCap) {
    return {
      field: 'dailyCap',
      messageKey: 'review-rules.cap-too-small',
      params: { limit: limits.minDailyCap },
    };
  }
  if (campaign.dailyCap > limits.maxDailyCap) {
    return {
      field: 'dailyCap',
      messageKey: 'review-rules.cap-too-large',
      params: { limit: limits.maxDailyCap },
    };
  }
  return null;
}

/** Whether an item waiting since `since` (ISO) has waited longer than the review target. */
export function isOverdue(
  since: string,
  reviewWithinHours: number,
  now: Date = new Date(),
): boolean {
  return now.getTime() - Date.parse(since) > reviewWithinHours * 3_600_000;
}
