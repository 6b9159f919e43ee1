/** Quotations: drafts, numbering, PDFs and the links customers open. The rest of the server imports this module through this file only. */
export { serverFollowups } from './followups';
export { publicQuotationRoutes } from './public-routes';
export { publicQuotationsService } from './public-service';
export { pdfRenderer } from './pdf-renderer';
export { draftColumns } from './quotation-record';
export { quotationRecords, quotationsRepository } from './repository';
export { quotationsRoutes } from './routes';
export { quotationsService } from './service';
export { sendLimiter } from './send-limits';
export { shareLinks } from './share-link';
