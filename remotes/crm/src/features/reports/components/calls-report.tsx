import { useMemo } from 'react';
import { useTheme } from 'styled-components';
import type { CallsReport } from '@app/shared/forms';
import { BarChart } from './bar-chart';
import { ReportTable } from './report-table';

/**
 * Calls per caller per day against their goals' target: the day totals of the callers shown as bars, every caller's day in
 * the table (a call counts for whoever made it, on any goal; a target is the sum of the user's own goals running that day).
 */
export function CallsReportView({ report }: { report: CallsReport }) {
  const theme = useTheme();
  const names = useMemo(() => new Map(report.users.map((user) => [user.user_id, user.name])), [report.users]);
  const days = useMemo(() => {
    const byDay = new Map<string, { calls: number; target: number }>();
    for (const row of report.days) {
      const day = byDay.get(row.day) ?? { calls: 0, target: 0 };
      byDay.set(row.day, { calls: day.calls + row.calls, target: day.target + row.target });
    }
    return [...byDay].map(([day, figures]) => ({ label: day, values: [figures.calls], target: figures.target }));
  }, [report.days]);
  if (report.days.length === 0) return <p>No calls were made and no call goals ran in this range.</p>;
  return (
    <>
      <BarChart
        title={`Calls per day, ${report.from} to ${report.to}, against the goals' daily target (${report.total_calls} calls in all)`}
        series={[{ name: 'Calls', color: theme.colors.primary }]}
        groups={days}
        targetLabel="the goals' daily target"
      />
      <ReportTable
        caption="Calls per user per day"
        head={['Day', 'User', 'Calls', 'Target']}
        rows={report.days.map((row) => [row.day, names.get(row.user_id) ?? '', row.calls, row.target])}
        foot={['Total', '', report.total_calls, '']}
      />
    </>
  );
}
