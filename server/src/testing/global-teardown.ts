import fs from 'node:fs';
import path from 'node:path';

export default async function globalTeardown() {
  const file = process.env.PGLITE_TEMPLATE;
  if (file && path.basename(path.dirname(file)).startsWith('orbitra-pglite-template-')) {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
