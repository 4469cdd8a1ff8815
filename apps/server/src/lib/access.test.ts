import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../modules/users/sessions.service.ts';
import { assertRole } from './access.ts';

const as = (role: string) => ({ sessionId: 's', user: { id: 1, role } }) as unknown as AuthContext;

describe('assertRole', () => {
  it('lets the role and those above it through', () => {
    expect(assertRole(as('moderator'), 'moderator').user.id).toBe(1);
    expect(assertRole(as('admin'), 'moderator').user.id).toBe(1);
  });

  it('refuses a guest with 401 and a lower role with 403', () => {
    expect(() => assertRole(null, 'user')).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => assertRole(as('user'), 'moderator')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', status: 403 }),
    );
    expect(() => assertRole(as('moderator'), 'admin')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });
});
