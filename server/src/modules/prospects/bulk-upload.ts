import { MAX_BULK_ROWS, type BulkProspectsResponse, type BulkRowError } from '@app/shared/contracts';
import { normaliseUploadItem, phoneKey, recordToPayload, rowErrors, type UploadItem } from '@app/shared/crm/prospect-upload';
import type { Db } from '../../db/client';
import { formatIssuePath, HttpError } from '../../http/errors';
import { findUnsafeText, unsafeTextDetail } from '../../http/unsafe-text';
import { pipelineStagesRepository } from '../pipeline-stages/repository';
import { statusOptionsRepository } from '../status-options/repository';
import { BULK_COLUMNS, prospectCountersRepository, prospectsRepository, type BulkRow } from './repository';

export const tooManyRowsDetail = (rows: number) =>
  `Too many prospects in one upload: ${rows} rows, at most ${MAX_BULK_ROWS}. Please split the file.`;

export const EARLIER_ROW_DETAIL = 'duplicate of an earlier row of this upload (same Phone1)';
export const duplicateOfExistingDetail = (name: string) => `duplicate of existing prospect "${name}" (same Phone1)`;

interface Candidate {
  row: number;
  item: UploadItem;
  digits: string;
}

function toBulkRow({ item, digits }: Candidate): BulkRow {
  const row = { phone_digits: digits } as BulkRow;
  for (const column of BULK_COLUMNS) if (column !== 'phone_digits') row[column] = item[column] ?? null;
  return row;
}

/**
 * Checks every row with the browser's own rules (the shared normalisation and rowErrors), then
 * inserts all valid rows in one transaction. A row whose Phone1 digits match an earlier row or a
 * prospect the tenant already has is reported, not inserted. Rows are numbered from 1 within
 * the request, as the client expects.
 */
export async function bulkUploadProspects(db: Db, tenantId: string, records: readonly unknown[]): Promise<BulkProspectsResponse> {
  if (records.length > MAX_BULK_ROWS) throw new HttpError(413, tooManyRowsDetail(records.length));
  const errors: BulkRowError[] = [];
  const candidates: Candidate[] = [];
  const firstRowOfPhone = new Map<string, number>();

  records.forEach((record, index) => {
    const row = index + 1;
    if (!record || typeof record !== 'object' || Array.isArray(record)) {
      errors.push({ row, detail: 'must be an object with Name and Phone1' });
      return;
    }
    const unsafe = findUnsafeText(record);
    if (unsafe) {
      errors.push({ row, detail: unsafeTextDetail(formatIssuePath(unsafe, 'row')) });
      return;
    }
    const item = normaliseUploadItem(recordToPayload(record as Record<string, unknown>));
    // rowErrors writes "Row N: ..." for the file preview; the client puts the row in front itself.
    const problems = rowErrors(item, row).map((message) => message.replace(/^Row \d+: /, ''));
    if (problems.length > 0) {
      errors.push({ row, detail: problems.join('; ') });
      return;
    }
    const digits = phoneKey(item.phone1);
    if (digits) {
      if (firstRowOfPhone.has(digits)) {
        errors.push({ row, detail: EARLIER_ROW_DETAIL });
        return;
      }
      firstRowOfPhone.set(digits, row);
    }
    candidates.push({ row, item: item as UploadItem, digits });
  });

  const created = await db.transaction(async (tx) => {
    const repo = prospectsRepository(tx);
    const taken = await repo.phonesTaken(tenantId, [...firstRowOfPhone.keys()]);
    const fresh: Candidate[] = [];
    for (const candidate of candidates) {
      const name = candidate.digits ? taken.get(candidate.digits) : undefined;
      if (name !== undefined) errors.push({ row: candidate.row, detail: duplicateOfExistingDetail(name) });
      else fresh.push(candidate);
    }
    const [statusId, stageId] = await Promise.all([statusOptionsRepository(tx).initialId(tenantId), pipelineStagesRepository(tx).initialId(tenantId)]);
    const inserted = await repo.bulkInsert(tenantId, fresh.map(toBulkRow), { statusId, stageId });
    if (inserted.length < fresh.length) {
      // Another upload inserted some of these phones after the check above; they count as duplicates.
      const insertedDigits = new Set(inserted);
      for (const candidate of fresh) {
        if (candidate.digits && !insertedDigits.has(candidate.digits)) errors.push({ row: candidate.row, detail: duplicateOfExistingDetail('added by another upload') });
      }
    }
    await prospectCountersRepository(tx).add(tenantId, inserted.length);
    return inserted.length;
  });

  errors.sort((a, b) => a.row - b.row);
  return { total_created: created, total_errors: errors.length, errors };
}
