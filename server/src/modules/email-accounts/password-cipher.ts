import crypto from 'node:crypto';
import type { EmailKey } from './email-key';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Why a stored password could not be read; never says anything about its content. */
export type UnreadableReason = 'format' | 'other-key' | 'rejected';

export class UnreadablePasswordError extends Error {
  constructor(readonly reason: UnreadableReason) {
    super(`stored mailbox password cannot be decrypted (${reason})`);
    this.name = 'UnreadablePasswordError';
  }
}

// The account id is bound in: a ciphertext copied onto another row fails its tag check there.
function associatedData(accountId: string, keyId: string): Buffer {
  return Buffer.from(`email_accounts:${accountId}:${VERSION}:${keyId}`, 'utf8');
}

/**
 * AES-256-GCM with a fresh random 96-bit IV each time, so the same password never gives the
 * same stored text. Stored as `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
export function encryptPassword(key: EmailKey, accountId: string, password: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(accountId, key.id));
  const ciphertext = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, key.id, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The key id a stored password names, or null when the text is not one of ours. */
export function storedKeyId(stored: string): string | null {
  const parts = stored.split('.');
  return parts.length === 5 && parts[0] === VERSION ? parts[1] : null;
}

/** Throws UnreadablePasswordError unless the text was sealed by this key for this account, unchanged. */
export function decryptPassword(key: EmailKey, accountId: string, stored: string): string {
  const parts = stored.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new UnreadablePasswordError('format');
  const [, keyId, ivText, tagText, bodyText] = parts;
  if (keyId !== key.id) throw new UnreadablePasswordError('other-key');
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new UnreadablePasswordError('format');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(accountId, keyId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(bodyText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new UnreadablePasswordError('rejected');
  }
}
