import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { wonLostReportSchema, type WonLostReport } from '@app/shared/forms';
import { reportKey, reportPath, reportQuery, type ReportFilters } from './report-query';

export function getWonLostReport(tenantId: string, filters: ReportFilters, signal?: AbortSignal): Promise<WonLostReport> {
  return apiRequest(reportPath('won-lost'), { query: reportQuery(tenantId, filters), schema: wonLostReportSchema, signal });
}

export const wonLostReportQueryOptions = (tenantId: string, filters: ReportFilters) =>
  queryOptions({ queryKey: reportKey(tenantId, 'won-lost', filters), queryFn: ({ signal }) => getWonLostReport(tenantId, filters, signal) });

/** The report over valid filters; none asked while they are not (undefined). */
export function useWonLostReport(tenantId: string, filters: ReportFilters | undefined) {
  return useQuery({ ...wonLostReportQueryOptions(tenantId, filters ?? {}), enabled: filters !== undefined });
}
