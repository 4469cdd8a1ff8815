import { Role, hasRole } from '@meeet/core/roles';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (Object.values(Role) as string[]).includes(value);
}

/** PRODUCT.md: moderators see KYC moderation only; admins the whole control area. */
export function canEnterControl(role: Role | undefined): boolean {
  return role !== undefined && hasRole(role, Role.MODERATOR);
}

export function isAdmin(role: Role | undefined): boolean {
  return role !== undefined && hasRole(role, Role.ADMIN);
}
