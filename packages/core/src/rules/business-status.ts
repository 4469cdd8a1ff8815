import { BusinessStatus } from '../enums.ts';

/**
 * Who may move a business account from one status to another (issue 44). The applicant sends
 * it for review (first time, after "needs more", after a refusal); a moderator answers a
 * waiting application, suspends an approved business and reinstates a suspended one.
 * `null` is "no application yet".
 */
const APPLICANT: ReadonlySet<BusinessStatus | null> = new Set([
  null,
  BusinessStatus.NEEDS_INFO,
  BusinessStatus.REFUSED,
]);

const MODERATOR: Readonly<Record<BusinessStatus, readonly BusinessStatus[]>> = {
  [BusinessStatus.PENDING]: [
    BusinessStatus.APPROVED,
    BusinessStatus.NEEDS_INFO,
    BusinessStatus.REFUSED,
  ],
  [BusinessStatus.NEEDS_INFO]: [BusinessStatus.REFUSED],
  [BusinessStatus.APPROVED]: [BusinessStatus.SUSPENDED],
  [BusinessStatus.SUSPENDED]: [BusinessStatus.APPROVED],
  [BusinessStatus.REFUSED]: [],
};

/** Whether the applicant may (re)apply from `from`. */
export function mayApply(from: BusinessStatus | null): boolean {
  return APPLICANT.has(from);
}

/** Whether a moderator may decide `to` for a business in `from`. */
export function mayDecide(from: BusinessStatus, to: BusinessStatus): boolean {
  return MODERATOR[from].includes(to);
}

/** Every decision but an approval tells the applicant why. */
export function decisionNeedsReason(to: BusinessStatus): boolean {
  return to !== BusinessStatus.APPROVED;
}
