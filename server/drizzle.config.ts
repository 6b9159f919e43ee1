import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; migrations are applied by the server at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
