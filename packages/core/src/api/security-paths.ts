/** Paths of the security calls under /api (issue 45). */
export const securityPaths = {
  /** A user's security events, newest first (admins, on the staff user page). */
  staffEvents: (userId: number | string) => `/staff/users/${userId}/security-events`,
} as const;
