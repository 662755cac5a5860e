import { defineConfig } from 'drizzle-kit';

// One schema and one migrations folder serve both embedded PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
