import { useTheme } from 'styled-components';
import type { FunnelReport } from '@app/shared/forms';
import { BarChart } from './bar-chart';
import { formatRate } from './report-rate';
import { ReportTable } from './report-table';

// A cohort: each step is a part of the one before it.
const STEP_NAMES: Record<FunnelReport['steps'][number]['step'], string> = {
  prospects: 'Prospects created',
  leads: 'Of them, became leads',
  won: 'Of those, won',
};

/** The prospects created in the range → those that became leads → those won, with each step's conversion and the median days from lead to won. */
export function FunnelReportView({ report }: { report: FunnelReport }) {
  const theme = useTheme();
  return (
    <>
      <BarChart
        title={`Funnel, ${report.from} to ${report.to}: prospects created, those of them that became leads, and those won`}
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
