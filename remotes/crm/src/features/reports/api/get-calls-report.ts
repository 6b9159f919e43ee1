import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { callsReportSchema, type CallsReport } from '@app/shared/forms';
import { reportKey, reportPath, reportQuery, type ReportFilters } from './report-query';

export function getCallsReport(tenantId: string, filters: ReportFilters, signal?: AbortSignal): Promise<CallsReport> {
  return apiRequest(reportPath('calls'), { query: reportQuery(tenantId, filters), schema: callsReportSchema, signal });
}

export const callsReportQueryOptions = (tenantId: string, filters: ReportFilters) =>
  queryOptions({ queryKey: reportKey(tenantId, 'calls', filters), queryFn: ({ signal }) => getCallsReport(tenantId, filters, signal) });

/** The report over valid filters; none asked while they are not (undefined). */
export function useCallsReport(tenantId: string, filters: ReportFilters | undefined) {
  return useQuery({ ...callsReportQueryOptions(tenantId, filters ?? {}), enabled: filters !== undefined });
}
