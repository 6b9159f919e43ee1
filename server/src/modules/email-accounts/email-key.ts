import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type AppConfig } from '../../config';

/** An AES-256 key and the id its ciphertexts carry, so a row names the key that sealed it. */
export interface EmailKey {
  id: string;
  key: Buffer;
}

export const EMAIL_KEY_BYTES = 32;
export const EMAIL_KEY_FILE = 'email-secret-key';
const HOW_TO_MAKE = 'e.g. `openssl rand -base64 32`';

/** The id is a digest of the key: it tells keys apart without revealing anything about them. */
export function emailKeyFromBytes(key: Buffer): EmailKey {
  if (key.length !== EMAIL_KEY_BYTES) throw new Error(`an email key has ${EMAIL_KEY_BYTES} bytes`);
  const id = crypto.createHash('sha256').update('orbitra-email-key-id:').update(key).digest('hex').slice(0, 16);
  return { id, key };
}

/** A base64 (or base64url) text of exactly 32 bytes; `name` is the variable it came from, for the message. */
export function parseEmailKey(text: string, name: string): EmailKey {
  const trimmed = text.trim();
  const bytes = /^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : Buffer.alloc(0);
  if (bytes.length !== EMAIL_KEY_BYTES) {
    throw new ConfigError(`${name} must be ${EMAIL_KEY_BYTES} random bytes in base64 (${HOW_TO_MAKE}).`);
  }
  return emailKeyFromBytes(bytes);
}

export function generateEmailKeyText(): string {
  return crypto.randomBytes(EMAIL_KEY_BYTES).toString('base64');
}

/** Writes a key file readable by its owner only; a rename makes the swap atomic. */
export function writeEmailKeyFile(file: string, keyText: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${keyText}\n`, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}

export interface ResolvedEmailKey {
  key: EmailKey;
  /** 'EMAIL_SECRET_KEY' or the path of the generated key file. */
  source: string;
}

/**
 * The key that encrypts mailbox passwords. Production must set EMAIL_SECRET_KEY. Elsewhere,
 * without it, one is generated once and kept in DATA_DIR/email-secret-key (mode 0600): losing
 * that file makes every stored mailbox password unreadable.
 */
export function resolveEmailKey(config: Pick<AppConfig, 'emailSecretKey' | 'isProduction' | 'dataDir'>): ResolvedEmailKey {
  if (config.emailSecretKey) return { key: parseEmailKey(config.emailSecretKey, 'EMAIL_SECRET_KEY'), source: 'EMAIL_SECRET_KEY' };
  if (config.isProduction) {
    throw new ConfigError(
      `EMAIL_SECRET_KEY is required when NODE_ENV=production: it encrypts the stored mailbox passwords. Set it to ${EMAIL_KEY_BYTES} random bytes in base64 (${HOW_TO_MAKE}) and keep it safe.`,
    );
  }
  const file = emailKeyFilePath(config.dataDir);
  try {
    return { key: parseEmailKey(fs.readFileSync(file, 'utf8'), file), source: file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keyText = generateEmailKeyText();
  writeEmailKeyFile(file, keyText);
  return { key: parseEmailKey(keyText, file), source: file };
}

export function emailKeyFilePath(dataDir: string): string {
  return path.join(dataDir, EMAIL_KEY_FILE);
}
