import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@app/shared';
import { pipelineReportSchema, type PipelineReport } from '@app/shared/forms';
import { reportKey, reportPath, reportQuery, type ReportFilters } from './report-query';

export function getPipelineReport(tenantId: string, filters: ReportFilters, signal?: AbortSignal): Promise<PipelineReport> {
  return apiRequest(reportPath('pipeline'), { query: reportQuery(tenantId, filters), schema: pipelineReportSchema, signal });
}

export const pipelineReportQueryOptions = (tenantId: string, filters: ReportFilters) =>
  queryOptions({ queryKey: reportKey(tenantId, 'pipeline', filters), queryFn: ({ signal }) => getPipelineReport(tenantId, filters, signal) });

/** The report over valid filters; none asked while they are not (undefined). */
export function usePipelineReport(tenantId: string, filters: ReportFilters | undefined) {
  return useQuery({ ...pipelineReportQueryOptions(tenantId, filters ?? {}), enabled: filters !== undefined });
}
