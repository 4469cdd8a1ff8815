import { defineConfig } from 'vitest/config';
import { aliases } from './build/aliases.ts';

export default defineConfig({
  resolve: { alias: aliases({ production: false }) },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    passWithNoTests: true,
  },
});
