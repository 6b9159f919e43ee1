import type { OwnerOption } from '@app/shared/forms';
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
import { ReportSection } from './report-section';
import { WonLostReportView } from './won-lost-report';

/** The Reports tab: four reports over the same filters, each with its chart, its table and its CSV. */
export function ReportsTab({ tenantId, owners = [] }: { tenantId: string; owners?: readonly OwnerOption[] }) {
  const { draft, filters, error, update } = useReportFilters(tenantId);
  const teams = useTeams(tenantId);
  const pipeline = usePipelineReport(tenantId, filters);
  const wonLost = useWonLostReport(tenantId, filters);
  const calls = useCallsReport(tenantId, filters);
  const funnel = useFunnelReport(tenantId, filters);
  return (
    <div>
      <ReportFiltersBar
        value={draft}
        onChange={update}
        error={error}
        users={owners.map((owner) => ({ id: owner.id, name: owner.full_name || owner.email }))}
        teams={teams.data ?? []}
      />
      <ReportSection kind="pipeline" title="Pipeline" tenantId={tenantId} filters={filters} query={pipeline}>
        {(report) => <PipelineReportView report={report} />}
      </ReportSection>
      <ReportSection kind="won-lost" title="Won and lost by month" tenantId={tenantId} filters={filters} query={wonLost}>
        {(report) => <WonLostReportView report={report} />}
      </ReportSection>
      <ReportSection kind="calls" title="Calls" tenantId={tenantId} filters={filters} query={calls}>
        {(report) => <CallsReportView report={report} />}
      </ReportSection>
      <ReportSection kind="funnel" title="Funnel" tenantId={tenantId} filters={filters} query={funnel}>
        {(report) => <FunnelReportView report={report} />}
      </ReportSection>
    </div>
  );
}
