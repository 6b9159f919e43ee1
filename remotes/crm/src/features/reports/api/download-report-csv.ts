import { apiDownload, buildUrl } from '@app/shared';
import { saveFile } from '@app/shared/files/save-file';
import type { ReportKind } from '@app/shared/forms';
import { reportPath, reportQuery, type ReportFilters } from './report-query';

/** Saves the server's CSV of a report under the name the server gave it. */
export async function downloadReportCsv(tenantId: string, kind: ReportKind, filters: ReportFilters): Promise<void> {
  const path = buildUrl(reportPath(kind), { ...reportQuery(tenantId, filters), format: 'csv' }).replace(/^\/api\/v1/, '');
  const { blob, filename } = await apiDownload(path, `report-${kind}.csv`);
  saveFile(blob, filename);
}
