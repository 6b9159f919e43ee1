import { useTheme } from 'styled-components';
import { formatAmount } from '@app/shared';
import type { WonLostReport } from '@app/shared/forms';
import { BarChart } from './bar-chart';
import { formatRate } from './report-rate';
import { ReportTable } from './report-table';

/** Per month: leads won and lost, their values and the win rate; then why leads were lost. */
export function WonLostReportView({ report }: { report: WonLostReport }) {
  const theme = useTheme();
  const money = (amount: string) => formatAmount(amount, report.currency);
  return (
    <>
      <BarChart
        title={`Leads won and lost per month, ${report.from} to ${report.to}`}
        series={[
          { name: 'Won', color: theme.colors.success },
          { name: 'Lost', color: theme.colors.danger },
        ]}
        groups={report.months.map((month) => ({ label: month.month, values: [month.won_count, month.lost_count] }))}
      />
      <ReportTable
        caption="Won and lost by month"
        head={['Month', 'Won', 'Won value', 'Lost', 'Lost value', 'Win rate']}
        rows={report.months.map((month) => [
          month.month,
          month.won_count,
          money(month.won_value),
          month.lost_count,
          money(month.lost_value),
          formatRate(month.win_rate),
        ])}
        foot={[
          'Total',
          report.total.won_count,
          money(report.total.won_value),
          report.total.lost_count,
          money(report.total.lost_value),
          formatRate(report.total.win_rate),
        ]}
      />
      <ReportTable
        caption="Lost reasons"
        head={['Reason', 'Leads']}
        rows={report.lost_reasons.length ? report.lost_reasons.map((reason) => [reason.reason, reason.count]) : [['No leads lost in this range', '']]}
      />
    </>
  );
}
