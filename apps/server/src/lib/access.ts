import { AppError, ErrorCode } from '@meeet/core/api/errors';
import { hasRole, type Role } from '@meeet/core/roles';
import type { AuthContext } from '../modules/users/sessions.service.ts';

/**
 * A service's first line: the caller must be signed in and hold `role` (admins pass every
 * check). Routes guard too, but a service never trusts that its caller was a guarded route.
 */
export function assertRole(auth: AuthContext | null, role: Role): AuthContext {
  if (!auth) throw new AppError(ErrorCode.TOKEN_INVALID);
  if (!hasRole(auth.user.role as Role, role)) throw new AppError(ErrorCode.FORBIDDEN);
  return auth;
}
