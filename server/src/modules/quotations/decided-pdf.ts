import type { ScopedDbOrTx } from '../../tenancy/database';
import { quotationProfilesRepository } from '../quotation-profiles';
import type { PdfRenderer } from './pdf-renderer';
import { publicQuotation } from './quotation-record';
import { quotationsRepository, type QuotationRow } from './repository';

/*
 * A decided (accepted or rejected) quotation keeps the PDF of the moment of its decision, and its
 * bytes are what is kept, not a copy of what it is drawn from: the quotation's own fields are
 * locked once it is decided, and the tenant's logo is the one part read from elsewhere, but the
 * drawing (fonts, layout) changes with the server too. The kept file is the very one the client
 * decided on, whatever changes later, and serving it draws nothing.
 */

const isDecided = (row: Pick<QuotationRow, 'status'>) => row.status === 'accepted' || row.status === 'rejected';

async function draw(db: ScopedDbOrTx, pdfs: PdfRenderer, row: QuotationRow, today: string): Promise<Buffer> {
  const logo = await quotationProfilesRepository(db).findLogo(row.tenantId);
  return pdfs.render(row.id, { quotation: publicQuotation(row, today), logo });
}

/** Keeps the PDF of a quotation just decided: called in the transaction that decides it, with its decided row. */
export async function keepDecidedPdf(tx: ScopedDbOrTx, pdfs: PdfRenderer, row: QuotationRow, today: string): Promise<void> {
  await quotationsRepository(tx).keepPdf(row.tenantId, row.id, await draw(tx, pdfs, row, today));
}

/**
 * A quotation's PDF: a decided one's kept file; a draft or sent one drawn for its current version
 * (its fields and the tenant's current logo), or the one drawn last time when that has not changed. One decided before PDFs were kept is kept at its first download.
 */
export async function quotationPdf(db: ScopedDbOrTx, pdfs: PdfRenderer, row: QuotationRow, today: string): Promise<Buffer> {
  if (!isDecided(row)) return draw(db, pdfs, row, today);
  const repo = quotationsRepository(db);
  const kept = await repo.keptPdf(row.tenantId, row.id);
  if (kept) return kept;
  await repo.keepPdf(row.tenantId, row.id, await draw(db, pdfs, row, today));
  // Two first downloads at once keep one file, and both serve that one.
  return (await repo.keptPdf(row.tenantId, row.id)) ?? draw(db, pdfs, row, today);
}
