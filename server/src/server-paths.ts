import path from 'node:path';

/**
 * Folders located from this file rather than from the working directory, so the server finds
 * its migrations and the built apps however it is started (pnpm runs it with cwd = server/).
 * Tests load a CommonJS twin (src/testing/server-paths.cjs-twin.ts) because of import.meta.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(serverRoot, '..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** The wall's one source: every row-level security policy and the functions they read (applied after the migrations). */
export const policiesFile = path.join(serverRoot, 'src', 'db', 'wall', 'policies.sql');
