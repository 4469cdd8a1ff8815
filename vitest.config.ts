import { defineConfig } from 'vitest/config';

// One runner for every unit and integration test; each workspace is a project so its
// environment and setup stay its own.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'client',
          root: 'packages/client',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own anvil, and the artifact drift check runs solc-js (~10 s).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
