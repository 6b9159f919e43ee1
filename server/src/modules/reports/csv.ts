import { type CallsReport, type FunnelReport, PIPELINE_TOTAL_LABEL, type PipelineReport, type ReportKind, type WonLostReport } from '@app/shared/contracts';
import { toCsv } from '@app/shared/files/csv-text';

const percent = (rate: number | null) => (rate === null ? '' : `${(rate * 100).toFixed(1)}%`);

/** Each report's table as rows of text, its header row first (what the Reports tab shows). */
const tables = {
  pipeline: (report: PipelineReport) => [
    ['Stage', 'Kind', 'Leads', `Value (${report.currency})`, `Weighted value (${report.currency})`],
    ...report.stages.map((stage) => [stage.name, stage.kind, String(stage.count), stage.value, stage.weighted_value ?? '']),
    // The pipeline is the open deals; the won and lost ones are outside it, each with its own total.
    [PIPELINE_TOTAL_LABEL, 'open', String(report.pipeline.count), report.pipeline.value, report.pipeline.weighted_value],
    ['Won', 'won', String(report.won.count), report.won.value, ''],
    ['Lost', 'lost', String(report.lost.count), report.lost.value, ''],
  ],
  'won-lost': (report: WonLostReport) => [
    ['Month', 'Won', `Won value (${report.currency})`, 'Lost', `Lost value (${report.currency})`, 'Win rate'],
    ...[...report.months, { month: 'Total', ...report.total }].map((row) => [
      row.month,
      String(row.won_count),
      row.won_value,
      String(row.lost_count),
      row.lost_value,
      percent(row.win_rate),
    ]),
    // The lost reasons follow as a second table, after an empty line.
    [],
    ['Lost reason', 'Leads'],
    ...report.lost_reasons.map((reason) => [reason.reason, String(reason.count)]),
  ],
  calls: (report: CallsReport) => {
    const names = new Map(report.users.map((user) => [user.user_id, user.name]));
    return [['Day', 'User', 'Calls', 'Target'], ...report.days.map((day) => [day.day, names.get(day.user_id) ?? '', String(day.calls), String(day.target)])];
  },
  funnel: (report: FunnelReport) => [
    ['Step', 'Count', 'Conversion rate'],
    ...report.steps.map((step) => [step.step, String(step.count), percent(step.rate)]),
    ['Median days from lead to won', report.median_days_to_won === null ? '' : String(report.median_days_to_won), ''],
  ],
} satisfies Record<ReportKind, (report: never) => string[][]>;

export type ReportOf<K extends ReportKind> = Parameters<(typeof tables)[K]>[0];

/** A report as CSV text (every cell quoted and guarded against formulas, as the app's other CSV files). */
export function reportCsv<K extends ReportKind>(kind: K, report: ReportOf<K>): string {
  return toCsv((tables[kind] as (report: ReportOf<K>) => string[][])(report));
}

/** The download's name: the report and its range. */
export function reportFilename(kind: ReportKind, report: { from: string; to: string }): string {
  return `report-${kind}-${report.from}-${report.to}.csv`;
}
