import { formatQuoteNumber, randomQuoteNumber } from '@app/shared/quotations';
import { isUniqueViolation } from '../../http/errors';
import { conflict } from '../../lib/refusal';
import type { ScopedDb, ScopedTx } from '../../tenancy/database';
import { quotationRecords } from './repository';

const NUMBER_UNIQUE = 'quotations_tenant_number_unique';
const ATTEMPTS = 10;
export const NO_NUMBER_LEFT = 'No quote numbers are left for today. Please try again tomorrow.';
export const NUMBER_BUSY = 'Could not assign a quote number right now. Please try again.';

/**
 * Inserts in a transaction of its own under a Q-YYYYMMDD-NNN number of today. The unique index
 * decides; after a collision the next try takes a random number among those still free that day.
 */
export async function insertWithFreeNumber<T>(db: ScopedDb, tenantId: string, today: string, insert: (tx: ScopedTx, number: string) => Promise<T>): Promise<T> {
  let number = randomQuoteNumber(today);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return await db.transaction((tx) => insert(tx, number));
    } catch (error) {
      if (!isUniqueViolation(error, NUMBER_UNIQUE)) throw error;
      const prefix = formatQuoteNumber(today, 0).slice(0, -3);
      const taken = await quotationRecords(db).numbersLike(tenantId, prefix);
      const free = Array.from({ length: 1000 }, (_, suffix) => formatQuoteNumber(today, suffix)).filter((candidate) => !taken.has(candidate));
      if (free.length === 0) throw conflict(NO_NUMBER_LEFT);
      number = free[Math.floor(Math.random() * free.length)];
    }
  }
  throw conflict(NUMBER_BUSY);
}
