import styled, { useTheme } from 'styled-components';
import { formatAmount, formatWholeAmount } from '@app/shared';
import { PIPELINE_TOTAL_LABEL, type PipelineReport } from '@app/shared/forms';
import { BarChart } from './bar-chart';
import { ReportTable } from './report-table';

const StyledNote = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;

/** Per stage: count, value and (open stages) weighted value, as bars and as a table; the open pipeline's total, won and lost beside it. */
export function PipelineReportView({ report }: { report: PipelineReport }) {
  const theme = useTheme();
  const money = (amount: string) => formatAmount(amount, report.currency);
  // Won and lost deals have no weighted value: they are not in the pipeline.
  const weighted = (amount: string | null) => (amount === null ? '—' : money(amount));
  return (
    <>
      <BarChart
        title={`Pipeline by stage, ${report.from} to ${report.to}: value and weighted value in ${report.currency}`}
        series={[
          { name: 'Value', color: theme.colors.primary },
          { name: 'Weighted value', color: theme.colors.accent },
        ]}
        groups={report.stages.map((stage) => ({ label: stage.name, values: [Number(stage.value), Number(stage.weighted_value ?? 0)] }))}
        format={(value) => formatAmount(value.toFixed(2), report.currency)}
        tickFormat={(value) => formatWholeAmount(value, report.currency)}
      />
      <ReportTable
        caption="Pipeline by stage"
        head={['Stage', 'Leads', 'Value', 'Weighted value']}
        rows={report.stages.map((stage) => [stage.name, stage.count, money(stage.value), weighted(stage.weighted_value)])}
        foot={[PIPELINE_TOTAL_LABEL, report.pipeline.count, money(report.pipeline.value), money(report.pipeline.weighted_value)]}
        footRows={[
          ['Won', report.won.count, money(report.won.value), '—'],
          ['Lost', report.lost.count, money(report.lost.value), '—'],
        ]}
      />
      <StyledNote>The open pipeline is the open deals alone; won and lost deals are counted beside it, never in it.</StyledNote>
    </>
  );
}
