import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { bulkProspectsResponseSchema, type BulkProspectsResponse, type BulkRowError, type BulkRowWarning, type UploadAssign } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';

/** Rows per request: a big file goes up in slices, so progress reflects work the server has finished. */
export const UPLOAD_BATCH_ROWS = 2000;
/** Below this many bytes a request is over before a progress event could show anything. */
export const PROGRESS_MIN_BYTES = 64 * 1024;

export interface UploadProgress {
  phase: 'uploading' | 'processing';
  /** 0..1 over the whole file. */
  fraction: number;
  /** Rows the server has finished with. */
  doneRows: number;
  totalRows: number;
}

/** A failure part-way through: the slices before it were saved. */
export class UploadInterruptedError extends Error {
  readonly cause: unknown;
  readonly created: number;

  constructor(cause: unknown, created: number) {
    super(cause instanceof Error ? cause.message : 'Unknown error');
    this.name = 'UploadInterruptedError';
    this.cause = cause;
    this.created = created;
  }
}

/** Which file the rows come from; after the first slice, the import that slice recorded. */
export interface UploadSource {
  fileName?: string;
  importId?: string;
  /** Whom the rows go to; every slice says the same (the server's default: the uploader). */
  assign?: UploadAssign;
}

/** A row of the file as it is sent: the record as the file has it, its keys read, cleaned and checked again by the server. */
export type UploadRow = unknown;

export function postProspectBatch(
  tenantId: string,
  prospects: UploadRow[],
  onUploadProgress?: (fraction: number) => void,
  source: UploadSource = {},
): Promise<BulkProspectsResponse> {
  return apiRequest('/crm/prospects/bulk', {
    method: 'POST',
    body: {
      tenant_id: tenantId,
      prospects,
      ...(source.importId ? { import_id: source.importId } : { file_name: source.fileName }),
      ...(source.assign ? { assign: source.assign } : {}),
    },
    schema: bulkProspectsResponseSchema,
    onUploadProgress,
  });
}

export async function uploadProspects(
  tenantId: string,
  items: UploadRow[],
  onProgress: (progress: UploadProgress) => void = () => {},
  fileName?: string,
  assign?: UploadAssign,
): Promise<BulkProspectsResponse> {
  const totalRows = items.length;
  let importId: string | undefined;
  let created = 0;
  let errorCount = 0;
  let warnedCount = 0;
  const errors: BulkRowError[] = [];
  const warnings: BulkRowWarning[] = [];
  for (let start = 0; start < totalRows; start += UPLOAD_BATCH_ROWS) {
    const batch = items.slice(start, start + UPLOAD_BATCH_ROWS);
    // Each slice counts half for sending and half for the server's processing.
    const report = (phase: UploadProgress['phase'], sent: number) =>
      onProgress({ phase, fraction: (start + batch.length * (phase === 'processing' ? 0.5 : sent * 0.5)) / totalRows, doneRows: start, totalRows });
    report('uploading', 0);
    const large = JSON.stringify(batch).length >= PROGRESS_MIN_BYTES;
    let answer: BulkProspectsResponse;
    try {
      answer = await postProspectBatch(tenantId, batch, large ? (sent) => report(sent >= 1 ? 'processing' : 'uploading', sent) : undefined, {
        fileName,
        importId,
        assign,
      });
    } catch (error) {
      if (start === 0) throw error;
      throw new UploadInterruptedError(error, created);
    }
    // The first slice records the import; the others add to it.
    importId = answer.import_id;
    created += answer.total_created;
    errorCount += answer.total_errors;
    // The server numbers rows within one request; the person counts rows in the whole file.
    errors.push(...answer.errors.map((error) => ({ ...error, row: error.row + start })));
    warnedCount += answer.total_warned;
    warnings.push(...answer.warnings.map((warning) => ({ ...warning, row: warning.row + start })));
    onProgress({ phase: 'processing', fraction: (start + batch.length) / totalRows, doneRows: start + batch.length, totalRows });
  }
  return { import_id: importId ?? '', total_created: created, total_errors: errorCount, errors, total_warned: warnedCount, warnings };
}

interface UploadRequest {
  tenantId: string;
  items: UploadRow[];
  onProgress: (progress: UploadProgress) => void;
  fileName?: string;
  assign?: UploadAssign;
}

export function useUploadProspects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, items, onProgress, fileName, assign }: UploadRequest) => uploadProspects(tenantId, items, onProgress, fileName, assign),
    onSettled: (_answer, _error, { tenantId }) => {
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'imports') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'prospects') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'dashboard') });
    },
  });
}
