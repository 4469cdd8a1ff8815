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
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
