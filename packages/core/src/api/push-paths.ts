/** Paths of the push notification calls under /api, free of zod (the app imports them). */
export const pushPaths = {
  /** PUT registers the calling device's push token for the caller; DELETE (token in the query) forgets it. */
  token: '/push/token',
  /** GET reads the caller's per-kind settings; PUT sets them. */
  settings: '/push/settings',
} as const;
