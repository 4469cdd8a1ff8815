import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // One embedded PostgreSQL for the whole run; each test file gets its own database in it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
