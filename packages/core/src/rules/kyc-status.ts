import { KycStatus, type KycStatus as KycStatusValue } from '../enums.ts';

/**
 * The KYC status machine, written once for server and clients (spec §4: profile, document,
 * selfie, moderator review; verified profiles may be re-checked and revoked). A transition not
 * listed here is refused, whoever asks.
 */

/** Who makes a transition. Admins act as moderators. */
export const KycActor = { USER: 'user', MODERATOR: 'moderator' } as const;
export type KycActor = (typeof KycActor)[keyof typeof KycActor];

export interface KycTransition {
  readonly from: KycStatusValue;
  readonly to: KycStatusValue;
  readonly by: KycActor;
}

export const KYC_TRANSITIONS: readonly KycTransition[] = [
  // The user submits a first application, or again after an ordinary rejection.
  { from: KycStatus.DRAFT, to: KycStatus.REQUESTED, by: KycActor.USER },
  { from: KycStatus.REJECTED, to: KycStatus.REQUESTED, by: KycActor.USER },
  // The moderator decides a submitted application.
  { from: KycStatus.REQUESTED, to: KycStatus.APPROVED, by: KycActor.MODERATOR },
  { from: KycStatus.REQUESTED, to: KycStatus.REJECTED, by: KycActor.MODERATOR },
  { from: KycStatus.REQUESTED, to: KycStatus.REJECTED_FOREVER, by: KycActor.MODERATOR },
  // A verified profile is re-checked (back to review) or revoked.
  { from: KycStatus.APPROVED, to: KycStatus.REQUESTED, by: KycActor.MODERATOR },
  { from: KycStatus.APPROVED, to: KycStatus.REJECTED, by: KycActor.MODERATOR },
  { from: KycStatus.APPROVED, to: KycStatus.REJECTED_FOREVER, by: KycActor.MODERATOR },
  // A verified profile's allowed level is changed (the answer to a higher-level request).
  { from: KycStatus.APPROVED, to: KycStatus.APPROVED, by: KycActor.MODERATOR },
];

export function canTransitionKyc(from: KycStatusValue, to: KycStatusValue, by: KycActor): boolean {
  return KYC_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by === by);
}

/** The statuses `by` may move an application in status `from` to, in the table's order. */
export function nextKycStatuses(from: KycStatusValue, by: KycActor): KycStatusValue[] {
  return KYC_TRANSITIONS.filter((t) => t.from === from && t.by === by).map((t) => t.to);
}

export type KycTransitionError = 'kyc.transition-forbidden';

/** Null when allowed, else the message key (params: from, to). */
export function checkKycTransition(
  from: KycStatusValue,
  to: KycStatusValue,
  by: KycActor,
): KycTransitionError | null {
  return canTransitionKyc(from, to, by) ? null : 'kyc.transition-forbidden';
}

/**
 * An admin re-opens a decided verification (issue 46): approved or rejected for good goes back
 * to draft, where the user may submit again. A rejected one needs no re-opening (the user may
 * already submit); one under review is the moderators'.
 */
export function canReopenKyc(from: KycStatusValue): boolean {
  return from === KycStatus.APPROVED || from === KycStatus.REJECTED_FOREVER;
}

/** The user may upload or replace verification photos only while nothing is under review. */
export function canEditKycPhotos(status: KycStatusValue): boolean {
  return status === KycStatus.DRAFT || status === KycStatus.REJECTED;
}

/** The steps of spec §4, in order; the web stepper shows them. */
export const KycStep = {
  PROFILE: 'profile',
  DOCUMENT: 'document',
  SELFIE: 'selfie',
  SUBMIT: 'submit',
} as const;
export type KycStep = (typeof KycStep)[keyof typeof KycStep];
export const KYC_STEPS = [
  KycStep.PROFILE,
  KycStep.DOCUMENT,
  KycStep.SELFIE,
  KycStep.SUBMIT,
] as const;

/** The first step still to do: submit once the profile, document and selfie are there. */
export function currentKycStep(state: {
  profileComplete: boolean;
  hasDocument: boolean;
  hasSelfie: boolean;
}): KycStep {
  if (!state.profileComplete) return KycStep.PROFILE;
  if (!state.hasDocument) return KycStep.DOCUMENT;
  if (!state.hasSelfie) return KycStep.SELFIE;
  return KycStep.SUBMIT;
}
