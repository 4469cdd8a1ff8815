/**
 * Paths of the accounts calls under /api, one place for server routes and web calls. Kept free
 * of zod so a page can name a call without downloading the schemas.
 */
export const userPaths = {
  login: '/user/login',
  logout: '/user/logout',
  me: '/user/me',
  register: '/user/register',
  profileUpdate: '/user/profile-update',
  passwordChange: '/user/password',
  profile: (id: number | string) => `/user/profile/${id}`,
  domainAvailable: (domain: string) => `/user/domain-available/${encodeURIComponent(domain)}`,
  /** Whether a promo code names a user (the registration form asks while typing). */
  promocodeValid: (code: string) => `/user/promocode-valid/${encodeURIComponent(code)}`,
  recoverySendCode: '/user/recovery-password/send-code',
  recoveryCheckCode: '/user/recovery-password/check-code',
  emailVerifySendCode: '/user/email/verify/send-code',
  emailVerifyCheck: (code: string) => `/user/email/verify/check/${encodeURIComponent(code)}`,
  feedback: '/user/email/feedback/',
  apple: '/user/apple',
  appleStatus: '/user/apple/status',
  appleCallback: '/user/apple/callback',
  appleSuccessRegistration: '/user/apple/apple-success-registration',
} as const;
