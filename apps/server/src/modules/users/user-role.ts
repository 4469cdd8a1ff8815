import { roleSchema } from '@meeet/core/enum-schemas';
import { parseNftType, type NftType } from '@meeet/core/enums';
import { Role } from '@meeet/core/roles';
import { normalizeEmail } from '@meeet/core/rules/email';
import type { DbExecutor } from '../../db/client.ts';
import { usersRepository } from './users.repository.ts';

/** A refusal the role command prints as it is: the operator typed something wrong. */
export class UserRoleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserRoleError';
  }
}

export const ROLE_VALUES = roleSchema.options;

/**
 * Gives the user with this e-mail a role. Used by the operator's command (the first admin has
 * no one to appoint them); takes effect on the user's next call, since roles are read with
 * the session on every request.
 */
export async function setUserRole(
  db: DbExecutor,
  email: string,
  role: string,
): Promise<{ id: number; email: string; previousRole: Role; role: Role }> {
  const parsedRole = roleSchema.safeParse(role);
  if (!parsedRole.success) {
    throw new UserRoleError(`Unknown role "${role}". Use one of: ${ROLE_VALUES.join(', ')}.`);
  }
  const normalized = normalizeEmail(email);
  const existing = await usersRepository.findByEmail(db, normalized);
  if (!existing) throw new UserRoleError(`No user with e-mail "${normalized}".`);
  const updated = await usersRepository.setRoleByEmail(db, normalized, parsedRole.data);
  if (!updated) throw new UserRoleError(`No user with e-mail "${normalized}".`);
  return {
    id: updated.id,
    email: updated.email,
    previousRole: existing.role as Role,
    role: parsedRole.data,
  };
}

/**
 * The levels a moderator made by the command moderates: a comma list of level names or numbers
 * ("silver,gold"); only for the moderator role. The command's operator is trusted, so the
 * holder rule of the control area's appointment does not apply.
 */
export function parseModeratorLevels(role: string, text: string | undefined): NftType[] {
  if (text === undefined) return [];
  if (role !== Role.MODERATOR) throw new UserRoleError('Levels are for the moderator role only.');
  const levels = text.split(',').map((part) => {
    const level = parseNftType(part);
    if (level === null) {
      throw new UserRoleError(`Unknown level "${part}". Use silver, gold or platinum.`);
    }
    return level;
  });
  return [...new Set(levels)];
}
