import { useTheme } from 'styled-components';
import { formatAmount } from '@app/shared';
import type { PipelineReport } from '@app/shared/forms';
import { BarChart } from './bar-chart';
import { ReportTable } from './report-table';

/** Per stage: count, value and weighted value, as bars and as a table. */
export function PipelineReportView({ report }: { report: PipelineReport }) {
  const theme = useTheme();
  const money = (amount: string) => formatAmount(amount, report.currency);
  return (
    <>
      <BarChart
        title={`Pipeline by stage, ${report.from} to ${report.to}: value and weighted value in ${report.currency}`}
        series={[
          { name: 'Value', color: theme.colors.primary },
          { name: 'Weighted value', color: theme.colors.accent },
        ]}
        groups={report.stages.map((stage) => ({ label: stage.name, values: [Number(stage.value), Number(stage.weighted_value)] }))}
        format={(value) => formatAmount(value.toFixed(2), report.currency)}
      />
      <ReportTable
        caption="Pipeline by stage"
        head={['Stage', 'Leads', 'Value', 'Weighted value']}
        rows={report.stages.map((stage) => [stage.name, stage.count, money(stage.value), money(stage.weighted_value)])}
        foot={['Total', report.total.count, money(report.total.value), money(report.total.weighted_value)]}
      />
    </>
  );
}
