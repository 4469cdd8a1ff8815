/** Paths of the account's deletion and data export under /api (free of zod, as user-paths). */
export const accountPaths = {
  /** GET: the pending deletion and what the user still holds; POST: request deletion. */
  deletion: '/user/account/deletion',
  /** POST: request a data export, mailed as a link. */
  exportRequest: '/user/account/export',
  /** GET with `expires` and `sig` from the mailed link: the archive (signed-in owner only). */
  exportDownload: (id: string) => `/user/account/export/${id}`,
} as const;
