import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { moderatedLevels } from '../kyc/moderator-levels.ts';
import { parseModeratorLevels, setUserRole, UserRoleError } from './user-role.ts';
import { users } from './users.schema.ts';

const run = promisify(execFile);
const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

describe('user role command', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets a role by e-mail in any letter case, and refuses unknown users and roles', async () => {
    const { user } = await registerUser(t.app);
    const result = await setUserRole(t.db, user.email.toUpperCase(), 'moderator');
    expect(result).toEqual({
      id: user.id,
      email: user.email,
      previousRole: 'user',
      role: 'moderator',
    });
    await expect(setUserRole(t.db, 'nobody@example.com', 'admin')).rejects.toThrow(UserRoleError);
    await expect(setUserRole(t.db, user.email, 'root')).rejects.toThrow(/Unknown role "root"/);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('moderator');
  });

  it(
    'runs as a command against DATABASE_URL, and the new role works on the next call',
    { timeout: 30_000 },
    async () => {
      const { user, token } = await registerUser(t.app);
      const env = { ...process.env, DATABASE_URL: t.config.databaseUrl, LOG_LEVEL: 'silent' };
      const ok = await run('npx', ['tsx', 'src/cli/user-role.ts', user.email, 'admin'], {
        cwd: SERVER_DIR,
        env,
      });
      expect(ok.stdout).toContain(`User #${user.id} <${user.email}>: role "user" → "admin".`);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.json().role).toBe('admin');

      const failure = await run(
        'npx',
        ['tsx', 'src/cli/user-role.ts', 'ghost@example.com', 'admin'],
        {
          cwd: SERVER_DIR,
          env,
        },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(failure).toMatchObject({ code: 1 });
      expect((failure as { stderr: string }).stderr).toContain(
        'No user with e-mail "ghost@example.com"',
      );
    },
  );

  it(
    'gives a moderator levels by command, and refuses unknown levels or levels for other roles',
    { timeout: 30_000 },
    async () => {
      const { user } = await registerUser(t.app);
      const env = { ...process.env, DATABASE_URL: t.config.databaseUrl, LOG_LEVEL: 'silent' };
      const ok = await run(
        'npx',
        ['tsx', 'src/cli/user-role.ts', user.email, 'moderator', 'silver,GOLD'],
        { cwd: SERVER_DIR, env },
      );
      expect(ok.stdout).toContain('Moderates: Silver, Gold.');
      expect(await moderatedLevels(t.db, user.id)).toEqual([0, 1]);
      expect(() => parseModeratorLevels('moderator', 'silver,copper')).toThrow(
        /Unknown level "copper"/,
      );
      expect(() => parseModeratorLevels('admin', 'gold')).toThrow(/moderator role only/);
      expect(parseModeratorLevels('moderator', undefined)).toEqual([]);
    },
  );
});
