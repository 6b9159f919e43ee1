import { useTheme } from 'styled-components';
import type { FunnelReport } from '@app/shared/forms';
import { BarChart } from './bar-chart';
import { formatRate } from './report-rate';
import { ReportTable } from './report-table';

const STEP_NAMES: Record<FunnelReport['steps'][number]['step'], string> = { prospects: 'Prospects created', leads: 'Leads created', won: 'Leads won' };

/** Prospects → leads → won in the range, with each step's conversion and the median days from lead to won. */
export function FunnelReportView({ report }: { report: FunnelReport }) {
  const theme = useTheme();
  return (
    <>
      <BarChart
        title={`Funnel, ${report.from} to ${report.to}: prospects created, leads created and leads won`}
        series={[{ name: 'Count', color: theme.colors.primary }]}
        groups={report.steps.map((step) => ({ label: STEP_NAMES[step.step], values: [step.count] }))}
      />
      <ReportTable
        caption="Funnel"
        head={['Step', 'Count', 'Conversion from the step before']}
        rows={report.steps.map((step) => [STEP_NAMES[step.step], step.count, formatRate(step.rate)])}
      />
      <p>
        Median days from lead to won: <strong>{report.median_days_to_won === null ? '—' : report.median_days_to_won}</strong>
      </p>
    </>
  );
}
