import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` (from apps/server) diffs src/db/schema against the last snapshot and
// writes a new SQL migration into ./drizzle, which is committed and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
