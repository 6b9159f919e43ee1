import { causeChain } from '../lib/error-causes';

/**
 * A database refusal that a route did not turn into its own answer is still the client's doing
 * (a duplicate, a missing or still-used record, a value the column cannot hold): it answers
 * 409 or 400 with a plain sentence, never the SQL, the constraint or the value.
 */
export interface DatabaseRefusal {
  status: 400 | 409;
  detail: string;
}

const BY_CODE: Record<string, DatabaseRefusal> = {
  '23505': { status: 409, detail: 'A record with the same values already exists.' },
  '23514': { status: 400, detail: 'A value is outside what the record allows.' },
  '23502': { status: 400, detail: 'A required value is missing.' },
  '23P01': { status: 409, detail: 'The record overlaps an existing one.' },
  '22001': { status: 400, detail: 'A value is too long.' },
  '22003': { status: 400, detail: 'A number is out of range.' },
  '22007': { status: 400, detail: 'A date or time is not valid.' },
  '22008': { status: 400, detail: 'A date or time is out of range.' },
  '22021': { status: 400, detail: 'A value holds characters that cannot be stored.' },
  '22P02': { status: 400, detail: 'A value has the wrong format.' },
  '22P05': { status: 400, detail: 'A value holds characters that cannot be stored.' },
  '2201B': { status: 400, detail: 'A search pattern is not valid.' },
  '54000': { status: 400, detail: 'A value is too large.' },
  '54001': { status: 400, detail: 'A value is nested too deeply.' },
};

/**
 * Refusals of a named constraint that say more than their code: the phone rule's (migration 0051),
 * met when another writer took the number between a service's check and its write.
 */
const BY_CONSTRAINT: Record<string, DatabaseRefusal> = {
  one_company_per_phone: { status: 409, detail: 'phone1: Another prospect or lead of this tenant has this phone number.' },
};

const FOREIGN_KEY_IN_USE: DatabaseRefusal = { status: 409, detail: 'The record is still in use by other records.' };
const FOREIGN_KEY_MISSING: DatabaseRefusal = { status: 400, detail: 'A referenced record does not exist.' };

/** The SQLSTATE of a PostgreSQL error, possibly wrapped by drizzle (error.cause). */
export function sqlState(error: unknown): string | undefined {
  for (const e of causeChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function databaseMessage(error: unknown): string {
  for (const e of causeChain(error)) {
    if (typeof (e as { code?: unknown }).code === 'string') return String((e as Error).message ?? '');
  }
  return '';
}

/** The constraint a PostgreSQL or PGlite error names, possibly wrapped by drizzle (error.cause). */
function constraintOf(error: unknown): string | undefined {
  for (const e of causeChain(error)) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

export function databaseRefusal(error: unknown): DatabaseRefusal | null {
  const code = sqlState(error);
  if (!code) return null;
  const named = BY_CONSTRAINT[constraintOf(error) ?? ''];
  if (named) return named;
  if (code === '23503') return /^update or delete on/.test(databaseMessage(error)) ? FOREIGN_KEY_IN_USE : FOREIGN_KEY_MISSING;
  return BY_CODE[code] ?? null;
}

export const DATABASE_UNAVAILABLE_DETAIL = 'The database is unavailable. Try again shortly.';
