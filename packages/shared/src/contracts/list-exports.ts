import { z } from 'zod';
import { listQuerySchema } from './crm-common';
import { LEAD_SORTS } from './leads';
import { prospectListQuerySchema } from './prospects';

/** The files a list downloads as: CSV (UTF-8 with a byte order mark) or an Excel workbook. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const formatSchema = z.enum(EXPORT_FORMATS, { error: `format: must be one of ${EXPORT_FORMATS.join(', ')}` });

/** The most rows one export holds; a larger list is narrowed first. */
export const EXPORT_MAX_ROWS = 100_000;

/** The prospects list's filters (no paging: every row of the filter) and the file's format. */
export const prospectExportQuerySchema = prospectListQuerySchema.omit({ page: true, limit: true }).extend({ format: formatSchema });
export type ProspectExportQuery = z.input<typeof prospectExportQuerySchema>;

/** The leads list's filters and order (no paging) and the file's format. */
export const leadExportQuerySchema = listQuerySchema.omit({ page: true, limit: true }).extend({
  sort: z.enum(LEAD_SORTS, `sort: must be one of ${LEAD_SORTS.join(', ')}`).optional(),
  format: formatSchema,
});
export type LeadExportQuery = z.input<typeof leadExportQuerySchema>;
