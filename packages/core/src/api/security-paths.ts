/** Paths of the security calls under /api (issue 45). Free of zod, like the other paths. */
export const securityPaths = {
  /** The caller's active sessions (GET). */
  sessions: '/security/sessions',
  /** Ends one of the caller's sessions (DELETE). */
  session: (sessionId: string) => `/security/sessions/${sessionId}`,
  /** Ends every session of the caller but this one (POST). */
  endOthers: '/security/sessions/end-others',
  /** The anti-phishing phrase (GET, PUT). */
  antiPhishing: '/security/anti-phishing',
  /** "This wasn't me" from the new-device mail (POST, no sign-in: the token proves it). */
  notMe: '/security/not-me',
  /** A user's security events, newest first (admins, on the staff user page). */
  staffEvents: (userId: number | string) => `/staff/users/${userId}/security-events`,
} as const;
