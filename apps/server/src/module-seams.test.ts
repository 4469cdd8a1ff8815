import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps a server module's tables and repository private to it
// (eslint.config.js, "Server module seams"), run through ESLint's Node API as `npm run lint` runs it.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });
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
  }, 60_000);
});
