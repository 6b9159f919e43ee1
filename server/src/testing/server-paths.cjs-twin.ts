import path from 'node:path';

// Jest runs the server as CommonJS, where import.meta does not parse; __dirname gives the same folders.
export const serverRoot = path.resolve(__dirname, '..', '..');
export const repoRoot = path.resolve(serverRoot, '..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** The wall's one source: every row-level security policy and the functions they read (applied after the migrations). */
export const policiesFile = path.join(serverRoot, 'src', 'db', 'wall', 'policies.sql');
