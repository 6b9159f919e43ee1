import fs from 'node:fs';
import path from 'node:path';
import { startChildServer } from '../testing/child-server';
import { tempDir } from '../testing/test-app';

test('an embedded database folder that cannot be opened stops the start, naming the folder and npm run restore', async () => {
  const { dir, remove } = tempDir('orbitra-broken-data-');
  try {
    const folder = path.join(dir, 'pglite');
    fs.mkdirSync(path.join(folder, 'base'), { recursive: true });
    // What is left of a data folder after a bad copy: a version file and nothing else.
    fs.writeFileSync(path.join(folder, 'PG_VERSION'), '99\n');
    const start = startChildServer({ DATABASE_URL: '', DATA_DIR: dir }, 60_000);
    const failure = await start.then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(failure).toContain(`Cannot start: The embedded database in ${folder} cannot be opened`);
    expect(failure).toContain('npm run restore');
    expect(failure).not.toMatch(/\n\s+at /);
  } finally {
    remove();
  }
});
