import { defineConfig } from 'drizzle-kit';

// Tables live beside their domain (`src/modules/<domain>/<domain>.schema.ts`); the few that
// belong to no domain live in `src/db/`.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/*.schema.ts', './src/modules/*/*.schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
