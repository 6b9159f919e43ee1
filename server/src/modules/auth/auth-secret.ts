import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type AppConfig } from '../../config';

const MIN_PRODUCTION_LENGTH = 32;
/** Values copied from examples; a production server signing tokens with them would be forgeable. */
const PLACEHOLDERS = new Set([
  'change-me',
  'changeme',
  'change-this',
  'replace-me',
  'secret',
  'default',
  'password',
  'auth-secret',
  'dev-secret',
  'development',
  'development-secret',
  'insecure',
  'test',
]);

/**
 * The key that signs access tokens. Production must set AUTH_SECRET (long and not a placeholder).
 * Elsewhere, without it, one is generated once and kept in DATA_DIR/auth-secret (mode 0600),
 * so sessions survive restarts.
 */
export function resolveAuthSecret(config: Pick<AppConfig, 'authSecret' | 'isProduction' | 'dataDir'>): { secret: string; source: string } {
  const configured = config.authSecret;
  if (config.isProduction) {
    if (!configured) {
      throw new ConfigError(
        'AUTH_SECRET is required when NODE_ENV=production: set it to a random string of at least 32 characters (e.g. `openssl rand -base64 48`).',
      );
    }
    if (configured.length < MIN_PRODUCTION_LENGTH || PLACEHOLDERS.has(configured.toLowerCase())) {
      throw new ConfigError(`AUTH_SECRET is a default or too short (fewer than ${MIN_PRODUCTION_LENGTH} characters); refusing to start in production with it.`);
    }
  }
  if (configured) return { secret: configured, source: 'AUTH_SECRET' };

  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_PRODUCTION_LENGTH) return { secret: stored, source: file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { secret, source: file };
}
