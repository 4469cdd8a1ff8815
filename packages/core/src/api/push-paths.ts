/** Paths of the push notification calls under /api, free of zod (the app imports them). */
export const pushPaths = {
  /** PUT registers the calling device's push token for the caller; DELETE forgets it. */
  token: '/push/token',
  /** GET reads the caller's per-kind settings; PATCH changes some of them. */
  settings: '/push/settings',
} as const;
