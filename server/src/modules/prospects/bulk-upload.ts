import type { z } from 'zod';
import {
  COMPANY_LIMITS,
  prospectUploadRowSchema,
  readPhones,
  type BulkRowError,
  type BulkRowWarning,
  type PhoneStoredField,
  type RefusedRow,
  type WarnedRow,
  stripUnsafeText,
  unsafeTextDetail,
} from '@app/shared/contracts';
import {
  checkUploadRecord,
  EARLIER_ROW_DETAIL,
  NOT_A_RECORD_DETAIL,
  recordToPayload,
  type FieldWarning,
  type UploadItem,
} from '@app/shared/crm/prospect-upload';
import { formatIssuePath } from '../../http/errors';
import { findUnsafeText } from '../../http/unsafe-text';
import { BULK_COLUMNS, type BulkRow } from './repository';

export const duplicateOfExistingDetail = (name: string, kind: 'prospect' | 'lead' = 'prospect') => `duplicate of existing ${kind} "${name}" (same Phone1)`;
/** A row whose Phone1 a lead of the tenant holds (one company per phone), the lead unseen by the uploader: not named. */
export const DUPLICATE_OF_UNSEEN_LEAD_DETAIL = 'duplicate of an existing lead (same Phone1)';
/**
 * A row whose Phone1 the insert found taken though the uploader's lookup did not: a prospect she
 * cannot see (another owner's), or one another upload added meanwhile. Not named: it may not be hers to see.
 */
export const DUPLICATE_OF_UNSEEN_DETAIL = 'duplicate of an existing prospect (same Phone1)';

/** A row that passed the checks, with its number in the request, its phones as E.164 and as shown, the E.164 digits of its Phone1 and what the clean-up dropped. */
export interface UploadCandidate {
  row: number;
  item: UploadItem;
  stored: Partial<Record<PhoneStoredField, string | null>>;
  digits: string;
  warnings: FieldWarning[];
}

export function toBulkRow({ item, stored }: UploadCandidate): BulkRow {
  const row = {} as BulkRow;
  for (const column of BULK_COLUMNS) row[column] = (column in stored ? stored[column as PhoneStoredField] : item[column as keyof UploadItem]) ?? null;
  return row;
}

export interface CheckedRows {
  errors: BulkRowError[];
  candidates: UploadCandidate[];
}

/**
 * Checks each row with the browser's own rules (the shared clean-up and the upload contract, or the
 * schema given in its place: whatever it refuses is the row's error with its reason; phones read in
 * the tenant's `country`), each on its own: rows are numbered `firstRow`, `firstRow + 1`… (from 1
 * within the request, as the client expects). Pure, so a worker thread runs it (upload-checker.ts).
 */
export function checkRows(records: readonly unknown[], country: string, firstRow = 1, schema: z.ZodType = prospectUploadRowSchema): CheckedRows {
  const errors: BulkRowError[] = [];
  const candidates: UploadCandidate[] = [];
  records.forEach((record, index) => {
    const row = firstRow + index;
    if (!record || typeof record !== 'object' || Array.isArray(record)) {
      errors.push({ row, detail: NOT_A_RECORD_DETAIL });
      return;
    }
    const unsafe = findUnsafeText(record);
    if (unsafe) {
      errors.push({ row, detail: unsafeTextDetail(formatIssuePath(unsafe, 'row')) });
      return;
    }
    const { item, warnings, errors: problems, phones } = checkUploadRecord(record, { schema, country });
    if (problems.length > 0) {
      errors.push({ row, detail: problems.join('; ') });
      return;
    }
    const { stored } = phones ?? readPhones(item, country);
    const digits = stored.phone1_e164?.slice(1) ?? '';
    candidates.push({ row, item: item as UploadItem, stored, digits, warnings });
  });
  return { errors, candidates };
}

/**
 * A row whose Phone1 is the same number (E.164) as an earlier row of the request is reported, not
 * kept: `seen` carries the numbers of the rows before (the request's earlier slices of checking).
 */
export function dropRepeatedPhones(checked: CheckedRows, seen: Set<string>): CheckedRows {
  const errors = [...checked.errors];
  const candidates: UploadCandidate[] = [];
  for (const candidate of checked.candidates) {
    if (candidate.digits && seen.has(candidate.digits)) {
      errors.push({ row: candidate.row, detail: EARLIER_ROW_DETAIL });
      continue;
    }
    if (candidate.digits) seen.add(candidate.digits);
    candidates.push(candidate);
  }
  return { errors, candidates };
}

/** Every row of a request checked, on the calling thread: checkRows, then the request's repeated phones. */
export function checkUploadRows(records: readonly unknown[], country: string, schema: z.ZodType = prospectUploadRowSchema): CheckedRows {
  return dropRepeatedPhones(checkRows(records, country, 1, schema), new Set());
}

/** The longest text a refused row keeps per field: enough to fix it, never a megabyte. */
const KEPT_TEXT_MAX = COMPANY_LIMITS.description;

/** What a refused row held, as text per upload key, so it can be downloaded, fixed and sent again. */
export function refusedRowData(record: unknown): Record<string, string> {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return {};
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(recordToPayload(record as Record<string, unknown>))) {
    const kept = keptText(value);
    if (kept !== undefined) data[key] = stripUnsafeText(kept.slice(0, KEPT_TEXT_MAX));
  }
  return data;
}

/** A refused value as text: a list or an object (refused as not text) as the file wrote it, so it can be fixed. */
function keptText(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (!value || typeof value !== 'object') return undefined;
  try {
    return JSON.stringify(value);
  } catch {
    // Nested deeper than JSON.stringify goes: nothing to keep.
    return undefined;
  }
}

/** The refused rows of a slice as the import keeps them: numbered in the whole file, with their data. */
export function refusedRows(records: readonly unknown[], errors: readonly BulkRowError[], firstRow: number): RefusedRow[] {
  return errors.map(({ row, detail }) => ({ row: row + firstRow, detail: stripUnsafeText(detail), data: refusedRowData(records[row - 1]) }));
}

/** The warnings of the rows the upload saved (a refused row keeps its values whole in the refused rows). */
export function savedRowWarnings(candidates: readonly UploadCandidate[], errors: readonly BulkRowError[]): BulkRowWarning[] {
  const refused = new Set(errors.map((error) => error.row));
  return candidates.filter((candidate) => !refused.has(candidate.row)).flatMap(({ row, warnings }) => warnings.map((warning) => ({ row, ...warning })));
}

/** The rows saved with warnings as the import keeps them: numbered in the whole file, with all they held. */
export function warnedRows(records: readonly unknown[], warnings: readonly BulkRowWarning[], firstRow: number): WarnedRow[] {
  const byRow = new Map<number, WarnedRow>();
  for (const { row, field, reason } of warnings) {
    let kept = byRow.get(row);
    if (!kept) byRow.set(row, (kept = { row: row + firstRow, data: refusedRowData(records[row - 1]), warnings: [] }));
    kept.warnings.push({ field, reason: stripUnsafeText(reason) });
  }
  return [...byRow.values()];
}
