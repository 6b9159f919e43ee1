import { z } from 'zod';
import { tenantIdSchema } from './crm-common';

/** The name of the file an upload came from, as the imports list shows it. */
export const IMPORT_FILE_NAME_MAX = 255;
export const importFileNameSchema = z
  .string('file_name: must be text')
  .trim()
  .min(1, 'file_name: must not be empty')
  .max(IMPORT_FILE_NAME_MAX, `file_name: must be at most ${IMPORT_FILE_NAME_MAX} characters`);

/** A row an import refused, with the company fields it held (upload keys) and why. */
export const refusedRowSchema = z.object({
  row: z.number().int(),
  detail: z.string(),
  data: z.record(z.string(), z.string()),
});
export type RefusedRow = z.infer<typeof refusedRowSchema>;

/** A row an import saved without some of its values, with everything it held and what was left out. */
export const warnedRowSchema = z.object({
  row: z.number().int(),
  data: z.record(z.string(), z.string()),
  warnings: z.array(z.object({ field: z.string(), reason: z.string() })),
});
export type WarnedRow = z.infer<typeof warnedRowSchema>;

export const importSchema = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  file_name: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  rows_created: z.number().int(),
  rows_refused: z.number().int(),
  rows_warned: z.number().int(),
  reverted_at: z.string().nullable(),
  reverted_by: z.string().nullable(),
  revert_removed: z.number().int().nullable(),
  revert_kept: z.number().int().nullable(),
});
export type ProspectImport = z.infer<typeof importSchema>;

export const importListQuerySchema = z.object({ tenant_id: tenantIdSchema });
export const importListResponseSchema = z.object({ imports: z.array(importSchema) });
export type ImportListResponse = z.infer<typeof importListResponseSchema>;

export const refusedRowsResponseSchema = z.object({ file_name: z.string(), rows: z.array(refusedRowSchema) });
export type RefusedRowsResponse = z.infer<typeof refusedRowsResponseSchema>;

export const warnedRowsResponseSchema = z.object({ file_name: z.string(), rows: z.array(warnedRowSchema) });
export type WarnedRowsResponse = z.infer<typeof warnedRowsResponseSchema>;

/** What a revert did: prospects removed, and prospects kept because someone had worked them. */
export const revertImportResponseSchema = z.object({ removed: z.number().int(), kept: z.number().int(), import: importSchema });
export type RevertImportResponse = z.infer<typeof revertImportResponseSchema>;

/** How many imports the list shows, newest first. */
export const IMPORT_LIST_MAX = 200;
