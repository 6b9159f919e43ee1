import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { funnelReportSchema, type FunnelReport } from '@app/shared/forms';
import { reportKey, reportPath, reportQuery, type ReportFilters } from './report-query';

export function getFunnelReport(tenantId: string, filters: ReportFilters, signal?: AbortSignal): Promise<FunnelReport> {
  return apiRequest(reportPath('funnel'), { query: reportQuery(tenantId, filters), schema: funnelReportSchema, signal });
}

export const funnelReportQueryOptions = (tenantId: string, filters: ReportFilters) =>
  queryOptions({ queryKey: reportKey(tenantId, 'funnel', filters), queryFn: ({ signal }) => getFunnelReport(tenantId, filters, signal) });

/** The report over valid filters; none asked while they are not (undefined). */
export function useFunnelReport(tenantId: string, filters: ReportFilters | undefined) {
  return useQuery({ ...funnelReportQueryOptions(tenantId, filters ?? {}), enabled: filters !== undefined });
}
