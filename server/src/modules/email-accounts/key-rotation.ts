import type { ScopedDb } from '../../tenancy/database';
import type { EmailKey } from './email-key';
import { decryptPassword, encryptPassword, storedKeyId, UnreadablePasswordError } from './password-cipher';
import { emailAccountsRepository } from './repository';

export interface RotationResult {
  /** Rows re-encrypted under the new key. */
  rotated: number;
  /** Rows that already were under the new key (a repeated run). */
  alreadyCurrent: number;
}

export class RotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RotationError';
  }
}

/**
 * Re-encrypts every stored mailbox password from one key to the other in one transaction:
 * either all rows move to the new key or, if any row cannot be read with the old one, none do.
 * Every user's mailboxes: `db` is the system's handle for the rotation (asSystem).
 */
export async function rotateEmailKey(db: ScopedDb, from: EmailKey, to: EmailKey): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const repo = emailAccountsRepository(tx);
    const rows = await repo.lockAllCiphertexts();
    const result: RotationResult = { rotated: 0, alreadyCurrent: 0 };
    const unreadable: string[] = [];
    for (const row of rows) {
      if (storedKeyId(row.passwordCiphertext) === to.id) {
        result.alreadyCurrent += 1;
        continue;
      }
      let password: string;
      try {
        password = decryptPassword(from, row.id, row.passwordCiphertext);
      } catch (error) {
        if (!(error instanceof UnreadablePasswordError)) throw error;
        unreadable.push(row.id);
        continue;
      }
      await repo.setCiphertext(row, encryptPassword(to, row.id, password));
      result.rotated += 1;
    }
    if (unreadable.length > 0) {
      // Thrown inside the transaction, so nothing written above is kept.
      throw new RotationError(
        `${unreadable.length} email account password(s) cannot be decrypted with the current key (account ids: ${unreadable.join(', ')}); nothing was changed. Fix or re-enter those accounts, or run with the key they were stored under.`,
      );
    }
    return result;
  });
}
