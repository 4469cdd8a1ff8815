import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

const webFeatures = (() => {
  try {
    return readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const serverModules = (() => {
  try {
    return readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
      withFileTypes: true,
    })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

/**
 * Server module seams: a module's tables (`*.schema.ts`) and SQL (`*.repository.ts`) are private to
 * it; another module calls its `*.service.ts` or uses types from `@meeet/core`. One zone per module
 * folder, read from disk so a new module is covered at once. `kinds` are the private file kinds a
 * zone forbids (a table file may still name another module's table in a foreign key).
 */
const serverSeamZones = (kinds) =>
  serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: serverModules
      .filter((other) => other !== module)
      .map((other) => `./apps/server/src/modules/${other}/**/*.${kinds}.ts`),
    message:
      "Another module's tables and repository are private to it: call its *.service.ts or use a type from @meeet/core (docs/decisions.md, Server module seams).",
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/.data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      '**/.test-dist-*/**',
      // MapLibre's worker, copied from its package at export (apps/mobile/scripts).
      'apps/mobile/public/maplibre/**',
      'apps/mobile/.expo/**',
      'apps/mobile/ios/**',
      'apps/mobile/android/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // shared → features → app: a feature never reaches into another feature or into app/.
      // The typed route table (app/paths.ts) is the one thing of app/ every layer may read.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              except: ['./paths.ts'],
            },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              except: ['./paths.ts'],
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            // One zone per feature folder, read from disk so a new feature is covered at once.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
  },
  {
    // The iOS app: hooks rules as on the web; its Metro, Babel and Jest configs are CommonJS.
    files: ['apps/mobile/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/mobile/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      // Core is shared by browser and server: no Node or DOM I/O in it.
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fastify', 'react', 'pg'] }],
    },
  },
  {
    // The client runs in the browser and on the phone; the apps bring their own socket.io-client
    // (bundled once each), so the package takes only its types.
    files: ['packages/client/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['node:*', 'fastify', 'react', 'react-native', 'expo*', 'pg'],
          paths: [{ name: 'socket.io-client', allowTypeImports: true }],
        },
      ],
    },
  },
  {
    // No import cycles in the server or in core: a cycle hides which file owns a piece and makes
    // load order matter (docs/decisions.md, "Import cycles broken at their shared piece").
    files: ['apps/server/src/**/*.ts', 'packages/core/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Module code proper. Tests and their *.test-support.ts helpers may arrange and inspect any
    // table (they are not part of the running module graph).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts', '**/*.schema.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: repoRoot, zones: serverSeamZones('{repository,schema}') },
      ],
    },
  },
  {
    // The app's own plugins and helpers call a module's service like another module does.
    files: ['apps/server/src/plugins/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repoRoot,
          zones: ['plugins', 'lib'].map((folder) => ({
            target: `./apps/server/src/${folder}`,
            from: serverModules.map(
              (module) => `./apps/server/src/modules/${module}/**/*.{repository,schema}.ts`,
            ),
            message:
              "A module's tables and repository are private to it: call its *.service.ts (docs/decisions.md, Server module seams).",
          })),
        },
      ],
    },
  },
  {
    // Table files reference other modules' tables in foreign keys, never their repositories.
    files: ['apps/server/src/modules/**/*.schema.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: repoRoot, zones: serverSeamZones('repository') },
      ],
    },
  },
  {
    // Units of one job: warnings that point at a file or function doing several things.
    // scripts/check-sizes.mjs fails at 600 lines; exceptions are listed in CONTRIBUTING.md.
    files: [
      'apps/server/src/**/*.{ts,tsx}',
      'packages/core/src/**/*.{ts,tsx}',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/mobile/src/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-support.{ts,tsx}', '**/generated/**'],
    rules: {
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
);
