import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { seamProblems } from '../../../scripts/check-seams.mjs';

// The lint rule that keeps a server module's tables and repository private to it
// (eslint.config.js, "Server module seams"), run through ESLint's Node API as `npm run lint` runs it.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// The cycle rule is checked by `npm run lint`; off here, it would only slow the seam rule's runs.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});
const RULE = 'import-x/no-restricted-paths';

/** The seam errors ESLint reports for `code` placed at `path` (from the repository root). */
async function seamErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${path}` });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('server module seams lint rule', () => {
  it("refuses another module's repository in module code", async () => {
    const errors = await seamErrors(
      'apps/server/src/modules/market/seam-fixture.ts',
      "import { kycRepository } from '../kyc/kyc.repository.ts';\nexport const x = kycRepository;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('../kyc/kyc.repository.ts');
    expect(errors[0]).toContain('call its *.service.ts');
  });

  it("refuses another module's tables, even for a type only", async () => {
    const errors = await seamErrors(
      'apps/server/src/modules/meet/seam-fixture.ts',
      "import type { UserRow } from '../users/users.schema.ts';\nexport type X = UserRow;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('../users/users.schema.ts');
  });

  it("allows another module's service and the module's own repository", async () => {
    const errors = await seamErrors(
      'apps/server/src/modules/market/seam-fixture.ts',
      [
        "import { kycWaitingFigures } from '../kyc/kyc.service.ts';",
        "import { marketRepository } from './market.repository.ts';",
        "import type { MarketPurchaseRow } from './market.schema.ts';",
        'export const x = [kycWaitingFigures, marketRepository];',
        'export type Y = MarketPurchaseRow;',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it("lets a table file reference another module's table in a foreign key, not its repository", async () => {
    const path = 'apps/server/src/modules/kyc/seam-fixture.schema.ts';
    expect(
      await seamErrors(
        path,
        "import { users } from '../users/users.schema.ts';\nexport const x = users;\n",
      ),
    ).toEqual([]);
    expect(
      await seamErrors(
        path,
        "import { usersRepository } from '../users/users.repository.ts';\nexport const x = usersRepository;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets tests arrange any table', async () => {
    const errors = await seamErrors(
      'apps/server/src/modules/market/seam-fixture.test.ts',
      "import { users } from '../users/users.schema.ts';\nexport const x = users;\n",
    );
    expect(errors).toEqual([]);
  });

  it('finds no seam violation in the server modules today', async () => {
    const results = await eslint.lintFiles(['apps/server/src/modules']);
    const violations = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === RULE)
        .map((m) => `${r.filePath.slice(repoRoot.length)}:${m.line} ${m.message}`),
    );
    expect(violations).toEqual([]);
  }, 120_000);
});

describe('server module seams in plugins/ and lib/', () => {
  it("refuses a module's repository or tables in plugins/ and lib/", async () => {
    for (const path of [
      'apps/server/src/plugins/seam-fixture.ts',
      'apps/server/src/lib/seam-fixture.ts',
    ]) {
      const errors = await seamErrors(
        path,
        "import { usersRepository } from '../modules/users/users.repository.ts';\nimport type { UserRow } from '../modules/users/users.schema.ts';\nexport const x = usersRepository;\nexport type Y = UserRow;\n",
      );
      expect(errors).toHaveLength(2);
      expect(errors[0]).toContain('call its *.service.ts');
    }
  });

  it("allows a module's service in plugins/", async () => {
    const errors = await seamErrors(
      'apps/server/src/plugins/seam-fixture.ts',
      "import { userById } from '../modules/users/users.service.ts';\nexport const x = userById;\n",
    );
    expect(errors).toEqual([]);
  });

  it('finds no seam violation in plugins/ and lib/ today', async () => {
    const results = await eslint.lintFiles(['apps/server/src/plugins', 'apps/server/src/lib']);
    const violations = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === RULE).map((m) => `${r.filePath}:${m.line}`),
    );
    expect(violations).toEqual([]);
  }, 120_000);
});

describe('scripts/check-seams.mjs (run by npm run lint)', () => {
  const file = (path: string, text: string): [string, string] => [path, text];

  it('names a file cycle, type-only imports included', () => {
    const problems = seamProblems(
      new Map([
        file('apps/server/src/modules/meet/a.ts', "import type { B } from './b.ts';\n"),
        file('apps/server/src/modules/meet/b.ts', "import { a } from './a.ts';\n"),
      ]),
    );
    expect(problems).toContain(
      'file cycle: apps/server/src/modules/meet/a.ts ⇄ apps/server/src/modules/meet/b.ts',
    );
  });

  it('names a cycle between modules and a row type crossing one', () => {
    const problems = seamProblems(
      new Map([
        file(
          'apps/server/src/modules/users/users.routes.ts',
          "import { ReferralService } from '../referral/referral.service.ts';\n",
        ),
        file(
          'apps/server/src/modules/referral/referral.service.ts',
          "import type { UserRow } from '../users/users.service.ts';\n",
        ),
      ]),
    );
    expect(problems).toContain('module cycle: referral ⇄ users');
    expect(problems).toContain(
      'apps/server/src/modules/referral/referral.service.ts imports the row type UserRow of module users',
    );
  });

  it("names a function or an object's method of another module that takes a db handle first", () => {
    const wallet = [
      "import type { DbExecutor } from '../../db/client.ts';",
      "import type { Tx } from '../../plugins/db.ts';",
      'export async function debit(\n  db: DbExecutor,\n  id: number,\n) {}',
      'export const book = {\n  async find(db: DbExecutor, id: number) {},\n};',
      'export const ledger = {\n  async entry(tx: Tx, id: number) {},\n};',
      'export function sum(tx: Tx, db: DbExecutor) {}',
      'export const total = async (db: DbExecutor) => 0;',
      '',
    ].join('\n');
    const problems = seamProblems(
      new Map([
        file('apps/server/src/modules/wallet/ledger.service.ts', wallet),
        file(
          'apps/server/src/modules/market/market.service.ts',
          "import { book, debit, ledger, sum, total } from '../wallet/ledger.service.ts';\n",
        ),
        file(
          'apps/server/src/modules/wallet/wallet.service.ts',
          "import { debit } from './ledger.service.ts';\n",
        ),
      ]),
    );
    expect(problems).toEqual([
      'apps/server/src/modules/market/market.service.ts imports book, debit, total of module wallet, which takes a database handle first: pass a Tx (plugins/db.ts) or call its service',
    ]);
  });

  it('names an interface, type or class of another module that hands a db handle across', () => {
    const users = [
      "import type { Database, DbExecutor } from '../../db/client.ts';",
      "import type { Tx } from '../../plugins/db.ts';",
      'export interface SignedIn {\n  db: DbExecutor;\n  userId: number;\n}',
      'export type Listener = (tx: DbExecutor, userId: number) => Promise<void>;',
      'export type Heard = (tx: Tx, userId: number) => Promise<void>;',
      'export class SessionsService {',
      '  constructor(private readonly db: Database) {}',
      '',
      '  /** Runs on a DbExecutor no more: the comment does not count. */',
      '  async hasUsedDevice(tx: Tx, userId: number): Promise<boolean> {',
      '    return this.seen(this.db, userId);',
      '  }',
      '',
      '  private async seen(db: DbExecutor, userId: number): Promise<boolean> {',
      '    return userId > 0;',
      '  }',
      '}',
      'export class MailService {',
      '  enqueue(',
      '    db: DbExecutor,',
      '    request: string,',
      '  ): Promise<number> {',
      '    return Promise.resolve(request.length);',
      '  }',
      '}',
      '',
    ].join('\n');
    const problems = seamProblems(
      new Map([
        file('apps/server/src/modules/users/sessions.service.ts', users),
        file(
          'apps/server/src/modules/security/security.service.ts',
          "import type { Heard, Listener, MailService, SessionsService, SignedIn } from '../users/sessions.service.ts';\n",
        ),
        file(
          'apps/server/src/modules/users/users.service.ts',
          "import type { MailService, SignedIn } from './sessions.service.ts';\n",
        ),
      ]),
    );
    expect(problems).toEqual([
      'apps/server/src/modules/security/security.service.ts imports Listener, MailService, SignedIn of module users, whose declaration hands a database handle across: type it with a Tx (plugins/db.ts)',
    ]);
  });

  it('names a function of another module that declares a row type as its answer', () => {
    const users = [
      "import type { UserRow } from './users.schema.ts';",
      'export async function userById(tx: Tx, id: number): Promise<UserRow | undefined> {',
      '  return undefined;',
      '}',
      'export async function userAccount(',
      '  tx: Tx,',
      '  id: number,',
      '): Promise<UserAccount | undefined> {',
      '  return undefined;',
      '}',
      'export function rowsOf(tx: Tx, ids: readonly number[]): Promise<MediaRow[]> {',
      '  return Promise.resolve([]);',
      '}',
      '',
    ].join('\n');
    const problems = seamProblems(
      new Map([
        file('apps/server/src/modules/users/users.service.ts', users),
        file(
          'apps/server/src/modules/staff/staff.service.ts',
          "import { rowsOf, userAccount, userById } from '../users/users.service.ts';\n",
        ),
      ]),
    );
    expect(problems).toEqual([
      'apps/server/src/modules/staff/staff.service.ts imports rowsOf, userById of module users, which returns a row type: answer a type the service declares',
    ]);
  });

  it('names a ledger row type in the market, which once was owed', () => {
    const problems = seamProblems(
      new Map([
        file(
          'apps/server/src/modules/market/market-watcher.ts',
          "import type { ChainTransactionRow } from '../wallet/ledger.service.ts';\n",
        ),
        file('apps/server/src/modules/wallet/ledger.service.ts', ''),
      ]),
    );
    expect(problems).toEqual([
      'apps/server/src/modules/market/market-watcher.ts imports the row type ChainTransactionRow of module wallet',
    ]);
  });

  it('names a service, store or poller a routes file builds, not one its plugin builds', () => {
    const wiring = [
      'const market = new MarketService({ db: app.db, chain: app.chain, log: app.log });',
      "const announcer = new Poller('news', () => news.announceDue(), 5_000, app.log);",
      'const store = new InProcessMeetingsStore(secret, rotateMs);',
      'throw new AppError(ErrorCode.FORBIDDEN);',
      'const ids = new Set<number>();',
      '',
    ].join('\n');
    expect(
      seamProblems(
        new Map([
          file('apps/server/src/modules/staff/staff.routes.ts', wiring),
          file('apps/server/src/modules/staff/staff.plugin.ts', wiring),
        ]),
      ),
    ).toEqual([
      "apps/server/src/modules/staff/staff.routes.ts builds MarketService, Poller, InProcessMeetingsStore: a routes file only routes; build it once in the module's plugin and read it from the app",
    ]);
  });

  it("names a plugin reading a module's repository, and passes on the code of today", () => {
    expect(
      seamProblems(
        new Map([
          file(
            'apps/server/src/plugins/chain.ts',
            "import { usersRepository } from '../modules/users/users.repository.ts';\n",
          ),
        ]),
      ),
    ).toEqual([
      "apps/server/src/plugins/chain.ts imports apps/server/src/modules/users/users.repository.ts: another module's tables and SQL are private to it",
    ]);
    const run = spawnSync(
      process.execPath,
      [fileURLToPath(new URL('../../../scripts/check-seams.mjs', import.meta.url))],
      {
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
