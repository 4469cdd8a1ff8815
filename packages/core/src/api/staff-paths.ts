/** Paths of the staff tools under /api (issue 46): finding a user, their page, actions. */
/** The user page's sections that have a call of their own. */
export const StaffSection = {
  KYC: 'kyc',
  LEDGER: 'ledger',
  MEETINGS: 'meetings',
  REPORTS: 'reports',
  REFERRAL: 'referral',
  CPA: 'cpa',
} as const;
export type StaffSection = (typeof StaffSection)[keyof typeof StaffSection];

export const staffPaths = {
  /** `q`: an e-mail, a nickname, a user id, or a wallet or deposit address. */
  search: '/staff/users',
  user: (userId: number | string) => `/staff/users/${userId}`,
  action: (userId: number | string) => `/staff/users/${userId}/actions`,
  /** One section of the user's page (staff-sections.ts). */
  section: (userId: number | string, section: StaffSection) => `/staff/users/${userId}/${section}`,
} as const;
