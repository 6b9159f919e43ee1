import path from 'node:path';

// Jest runs the server as CommonJS, where import.meta does not parse; __dirname gives the same folders.
export const serverRoot = path.resolve(__dirname, '..', '..');
export const repoRoot = path.resolve(serverRoot, '..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
