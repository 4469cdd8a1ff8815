/** Paths of the staff tools under /api (issue 46): finding a user, their page, actions. */
export const staffPaths = {
  /** `q`: an e-mail, a nickname, a user id, or a wallet or deposit address. */
  search: '/staff/users',
  user: (userId: number | string) => `/staff/users/${userId}`,
  action: (userId: number | string) => `/staff/users/${userId}/actions`,
} as const;
