// Roles of PRODUCT.md, apart from the other enums: the web shell checks roles on every page,
// and this keeps the first page from carrying every enum of the product with it.

export const Role = { USER: 'user', MODERATOR: 'moderator', ADMIN: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

const ROLE_RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/** Admins can do everything moderators can, and moderators everything users can. */
export function hasRole(role: Role, required: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}
