import fs from 'node:fs';
import path from 'node:path';
import { embeddedPaths, startEmbeddedDatabase } from './embedded-database';

/**
 * `hold DATA_DIR`: the embedded database of DATA_DIR, started for another command while no server
 * runs on it (the release commands): prints `{"url": <the owner's URL>}` once it accepts connections,
 * and stops it when its standard input closes (the command is done, or died).
 */
async function main([command, dataDir]: string[]) {
  if (command !== 'hold' || !dataDir) throw new Error('Usage: hold-cli hold DATA_DIR');
  if (!fs.existsSync(path.join(embeddedPaths(dataDir).cluster, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${embeddedPaths(dataDir).cluster} yet: start the server once (npm start), or set DATABASE_URL.`);
  const database = await startEmbeddedDatabase({ dataDir });
  process.stdout.write(`${JSON.stringify({ url: database.ownerUrl })}\n`);
  const stop = () => void database.stop().finally(() => process.exit(0));
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.on('SIGTERM', stop);
  process.stdin.resume();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
