/** Paths of the KYC calls under /api (spec §7), free of zod. */
export const kycPaths = {
  /** The signed-in user's own verification. */
  state: '/kyc',
  submit: '/kyc/submit',
  moderateList: '/kyc/moderate/list',
  /** `id` is the user id: one verification per user. */
  moderate: (userId: number | string) => `/kyc/moderate/${userId}`,
} as const;
