import { apiDownload, buildUrl } from '@app/shared';
import { saveFile } from '@app/shared/files/save-file';
import type { ExportFormat, LeadSort, OwnerFilter } from '@app/shared/forms';

export type ExportList = 'prospects' | 'leads';

/** The list's search and filters as its query string takes them (no paging: the export holds every row). */
export interface ExportFilter {
  q?: string;
  status_id?: string;
  pipeline_stage_id?: string;
  owner_id?: OwnerFilter;
  /** Prospects only. */
  invalid_phone?: boolean;
  /** Leads only. */
  sort?: LeadSort;
}

/** Saves the server's file of a list (its filter, the rows the user sees) under the name the server gave it. */
export async function downloadListExport(tenantId: string, list: ExportList, filter: ExportFilter, format: ExportFormat): Promise<void> {
  const path = buildUrl(`/crm/${list}/export`, { ...filter, invalid_phone: filter.invalid_phone ? 'true' : undefined, tenant_id: tenantId, format });
  const { blob, filename } = await apiDownload(path.replace(/^\/api\/v1/, ''), `${list}.${format}`);
  saveFile(blob, filename);
}
