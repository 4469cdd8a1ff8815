/** Paths of the KYC calls under /api (spec §7), free of zod. */
export const kycPaths = {
  /** The signed-in user's own verification. */
  state: '/kyc',
  submit: '/kyc/submit',
  /** A verified user asks for a higher level than the approval allows. */
  levelRequest: '/kyc/level-request',
  moderateList: '/kyc/moderate/list',
  /** `id` is the user id: one verification per user. */
  moderate: (userId: number | string) => `/kyc/moderate/${userId}`,
} as const;
