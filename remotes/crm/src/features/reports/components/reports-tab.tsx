import { ApiError } from '@app/shared';
import type { OwnerOption } from '@app/shared/forms';
import { REPORT_FILTER_KEYS } from '../api/report-query';
import { useCallsReport } from '../api/get-calls-report';
import { useFunnelReport } from '../api/get-funnel-report';
import { usePipelineReport } from '../api/get-pipeline-report';
import { useTeams } from '../../../api/get-teams';
import { useWonLostReport } from '../api/get-won-lost-report';
import { useReportFilters } from '../hooks/use-report-filters';
import { CallsReportView } from './calls-report';
import { FunnelReportView } from './funnel-report';
import { PipelineReportView } from './pipeline-report';
import { ReportFiltersBar } from './report-filters';
import { ReportLagNote } from './report-lag-note';
import { ReportSection } from './report-section';
import { WonLostReportView } from './won-lost-report';

/** The Reports tab: four reports over the same filters, each with its chart, its table and its CSV. */
export function ReportsTab({ tenantId, owners = [] }: { tenantId: string; owners?: readonly OwnerOption[] }) {
  const { value, filters, errors, update } = useReportFilters(tenantId);
  const teams = useTeams(tenantId);
  const pipeline = usePipelineReport(tenantId, filters);
  const wonLost = useWonLostReport(tenantId, filters);
  const calls = useCallsReport(tenantId, filters);
  const funnel = useFunnelReport(tenantId, filters);
  // A filter the contract takes but the server refuses (a team of another tenant, from an older link) is named beside its field too.
  const refused = [pipeline, wonLost, calls, funnel].map((query) => query.error).find((error) => error instanceof ApiError && error.status < 500);
  const refusedKey = refused instanceof ApiError ? REPORT_FILTER_KEYS.find((key) => refused.detail?.startsWith(`${key}:`)) : undefined;
  const fieldErrors = refusedKey && refused ? { [refusedKey]: refused.message, ...errors } : errors;
  const blocked =
    fieldErrors.from || fieldErrors.to
      ? 'No figures while the range is invalid: correct From or To above.'
      : 'No figures while the filters are invalid: correct the field marked above.';
  const section = { tenantId, filters: refusedKey ? undefined : filters, blocked };
  return (
    <div>
      <ReportFiltersBar
        value={value}
        onChange={update}
        errors={fieldErrors}
        users={owners.map((owner) => ({ id: owner.id, name: owner.full_name || owner.email }))}
        teams={teams.data ?? []}
      />
      <ReportLagNote lags={[pipeline, wonLost, calls, funnel].map((query) => query.data?.lag)} />
      <ReportSection kind="pipeline" title="Pipeline" {...section} query={pipeline}>
        {(report) => <PipelineReportView report={report} />}
      </ReportSection>
      <ReportSection kind="won-lost" title="Won and lost by month" {...section} query={wonLost}>
        {(report) => <WonLostReportView report={report} />}
      </ReportSection>
      <ReportSection kind="calls" title="Calls" {...section} query={calls}>
        {(report) => <CallsReportView report={report} />}
      </ReportSection>
      <ReportSection kind="funnel" title="Funnel" {...section} query={funnel}>
        {(report) => <FunnelReportView report={report} />}
      </ReportSection>
    </div>
  );
}
