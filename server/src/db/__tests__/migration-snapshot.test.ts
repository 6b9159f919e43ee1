import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrationsFolder, serverRoot } from '../../server-paths';

const run = promisify(execFile);

/** Every file of a folder, with its text, by path inside it. */
function filesOf(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, file)] = fs.readFileSync(file, 'utf8');
  }
  return files;
}

/**
 * drizzle-kit compares the schema in code with the latest snapshot in drizzle/meta: when they
 * differ without a migration, `db:generate` writes tables and columns that already exist. This
 * runs it, with the project's own config, on a copy of the migrations, and expects nothing.
 */
describe('drizzle-kit generate', () => {
  let work: string;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-generate-'));
    fs.cpSync(migrationsFolder, path.join(work, 'drizzle'), { recursive: true });
    fs.copyFileSync(path.join(serverRoot, 'drizzle.config.ts'), path.join(work, 'drizzle.config.ts'));
    // The config names the schema as ./src/… and imports drizzle-kit: both are the server's own.
    fs.symlinkSync(path.join(serverRoot, 'src'), path.join(work, 'src'), 'dir');
    fs.symlinkSync(path.join(serverRoot, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  test('on the unchanged schema writes no migration', async () => {
    const before = filesOf(path.join(work, 'drizzle'));
    const bin = path.join(serverRoot, 'node_modules', '.bin', 'drizzle-kit');
    const { stdout } = await run(bin, ['generate'], { cwd: work, env: { ...process.env, NO_COLOR: '1' } });
    // A schema change made without `db:generate` fails here: see "Migrations" in README.md.
    expect(filesOf(path.join(work, 'drizzle'))).toEqual(before);
    expect(stdout).toMatch(/No schema changes, nothing to migrate/);
  }, 120_000);
});
