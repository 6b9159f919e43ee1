import fs from 'node:fs';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { scopedDatabase } from '../../tenancy/database';
import { emailKeyFilePath, generateEmailKeyText, parseEmailKey, resolveEmailKey, writeEmailKeyFile } from './email-key';
import { rotateEmailKey, RotationError } from './key-rotation';

/**
 * `pnpm --filter @app/server email:rotate-key`: re-encrypts every stored mailbox password under
 * a new key. The old key is the one the server uses (EMAIL_SECRET_KEY or DATA_DIR/email-secret-key);
 * the new one is EMAIL_SECRET_KEY_NEW or, for a generated key file, a fresh key written to that
 * file. Stop the server first and start it again with the new key afterwards. Keys are never printed.
 */
async function main() {
  const config = loadConfig();
  const current = resolveEmailKey(config);
  const newKeyText = process.env.EMAIL_SECRET_KEY_NEW?.trim();
  const usesKeyFile = current.source !== 'EMAIL_SECRET_KEY';
  if (!newKeyText && !usesKeyFile) {
    throw new ConfigError('EMAIL_SECRET_KEY_NEW is required: the new key, 32 random bytes in base64 (e.g. `openssl rand -base64 32`).');
  }
  const nextText = newKeyText ?? generateEmailKeyText();
  const next = parseEmailKey(nextText, 'EMAIL_SECRET_KEY_NEW');
  if (next.id === current.key.id) throw new ConfigError('The new key is the key already in use; give a different one.');

  // The new key is on disk before any row moves to it, so a crash cannot leave rows nobody can read.
  const keyFile = emailKeyFilePath(config.dataDir);
  const pendingFile = `${keyFile}.next`;
  if (usesKeyFile) writeEmailKeyFile(pendingFile, nextText);

  const handle = await openDatabase(config);
  try {
    await runMigrations(handle);
    // A command-line job for every user's mailbox: no signed-in user, the system's handle.
    const result = await rotateEmailKey(scopedDatabase(handle).asSystem('mailbox key rotation'), current.key, next);
    if (usesKeyFile) fs.renameSync(pendingFile, keyFile);
    console.log(
      `Re-encrypted ${result.rotated} email account password(s) from key ${current.key.id} to key ${next.id}` +
        (result.alreadyCurrent ? ` (${result.alreadyCurrent} already under it).` : '.'),
    );
    console.log(
      usesKeyFile
        ? `The new key replaced ${keyFile}. Start the server again.`
        : 'Now set EMAIL_SECRET_KEY to the value of EMAIL_SECRET_KEY_NEW and restart every server instance.',
    );
  } catch (error) {
    if (usesKeyFile) fs.rmSync(pendingFile, { force: true });
    throw error;
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof RotationError;
  console.error(`Key rotation failed: ${known ? (error as Error).message : String(error)}`);
  process.exit(1);
});
