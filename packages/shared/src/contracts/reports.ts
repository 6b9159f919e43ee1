import { addYears } from 'date-fns/addYears';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { z } from 'zod';
import { amountTextSchema } from './amounts';
import { ownerFilterSchema, tenantIdSchema } from './crm-common';
import { dealSummarySchema, stageFiguresSchema } from './pipeline-summary';
import { STAGE_KINDS } from './pipeline-stages';

export const REPORT_KINDS = ['pipeline', 'won-lost', 'calls', 'funnel'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest range a report covers: its figures stay cheap and its tables readable. */
export const REPORT_MAX_YEARS = 3;
export const REPORT_RANGE_TOO_LONG = `to: the range may cover at most ${REPORT_MAX_YEARS} years`;
export const REPORT_RANGE_REVERSED = 'to: must not be before from';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/*
 * The days a report may name: a range ends at the moment after its last day, and the day after
 * 9999-12-31 has no four-digit year, which neither the ISO text nor the database takes.
 */
export const REPORT_FIRST_DAY = '1900-01-01';
export const REPORT_LAST_DAY = '9999-12-30';

/** A calendar day that exists (2026-02-30 does not), as YYYY-MM-DD, within the days a report may name. */
export const reportDaySchema = (field: string) =>
  z
    .string({ error: `${field}: must be a date (YYYY-MM-DD)` })
    .refine((day) => ISO_DAY.test(day) && isValid(parseISO(day)), { message: `${field}: must be a date (YYYY-MM-DD)`, abort: true })
    .refine((day) => day >= REPORT_FIRST_DAY && day <= REPORT_LAST_DAY, {
      message: `${field}: must be a day from ${REPORT_FIRST_DAY} to ${REPORT_LAST_DAY}`,
    });

/** A range's problem (reversed, too long), or undefined when from..to is fine. */
export function reportRangeProblem(from: string, to: string): string | undefined {
  if (to < from) return REPORT_RANGE_REVERSED;
  if (parseISO(to) > addYears(parseISO(from), REPORT_MAX_YEARS)) return REPORT_RANGE_TOO_LONG;
  return undefined;
}

/**
 * Every report's query. from and to are calendar days (both included; the server's days, as for
 * calls); left out, the last 12 months up to today. owner_id and team_id narrow the records, within
 * what the caller may see.
 */
export const reportQuerySchema = z
  .object({
    tenant_id: tenantIdSchema,
    from: reportDaySchema('from').optional(),
    to: reportDaySchema('to').optional(),
    owner_id: ownerFilterSchema.optional(),
    team_id: z.uuid('team_id: must be a valid team id').optional(),
    format: z.enum(['json', 'csv'], { error: 'format: must be json or csv' }).optional(),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    const problem = reportRangeProblem(query.from, query.to);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type ReportQuery = z.input<typeof reportQuerySchema>;

/**
 * How old a report's figures are when they were read from a replica (DATABASE_READ_URL) that is more
 * than a few seconds behind the primary: as_of, the time of the last change the replica holds, and
 * how many seconds that was before the report was made. null: the figures are current.
 */
export const reportLagSchema = z.object({ as_of: z.iso.datetime(), behind_seconds: z.number().int().min(0) });
export type ReportLag = z.infer<typeof reportLagSchema>;

/** What every report starts with: its days, and how old its figures are. */
const head = { from: z.string(), to: z.string(), lag: reportLagSchema.nullable() };
/** A share (0.25 for 25 %, four decimals; at most 1, as each part is a subset of its whole), null over nothing. */
const rateSchema = z.number().min(0).max(1).nullable();

/** The board's figures over the leads created in the range: per stage, the pipeline (open deals) and the won and lost ones. */
export const pipelineReportSchema = dealSummarySchema.extend({
  ...head,
  currency: z.string(),
  /** The tenant's stages in order, each with its leads (created in the range). */
  stages: z.array(stageFiguresSchema.extend({ name: z.string(), kind: z.enum(STAGE_KINDS), color: z.string() })),
});
export type PipelineReport = z.infer<typeof pipelineReportSchema>;

const wonLostFiguresSchema = z.object({
  won_count: z.number().int(),
  won_value: amountTextSchema,
  lost_count: z.number().int(),
  lost_value: amountTextSchema,
  /** won / (won + lost); null when none was won or lost. */
  win_rate: rateSchema,
});
export type WonLostFigures = z.infer<typeof wonLostFiguresSchema>;

export const NO_LOST_REASON = 'No reason given';

export const wonLostReportSchema = z.object({
  ...head,
  currency: z.string(),
  /** Every month of the range (YYYY-MM), oldest first, by won_at and lost_at. */
  months: z.array(wonLostFiguresSchema.extend({ month: z.string() })),
  total: wonLostFiguresSchema,
  /** Why leads were lost in the range, most frequent first. */
  lost_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type WonLostReport = z.infer<typeof wonLostReportSchema>;

export const callsReportSchema = z.object({
  ...head,
  /** The callers with calls, and the users with a goal, in the range (user_id null: calls of deleted users and goals of nobody). */
  users: z.array(z.object({ user_id: z.uuid().nullable(), name: z.string() })),
  /**
   * Per user and day with calls made or a goal of theirs running: the calls they made (as the caller, on any goal) and the
   * day's target (the sum of the daily targets of the user's own goals running that day).
   */
  days: z.array(z.object({ day: z.string(), user_id: z.uuid().nullable(), calls: z.number().int(), target: z.number().int() })),
  total_calls: z.number().int(),
});
export type CallsReport = z.infer<typeof callsReportSchema>;

export const FUNNEL_STEPS = ['prospects', 'leads', 'won'] as const;

export const funnelReportSchema = z.object({
  ...head,
  /**
   * A cohort: the prospects created in the range, those of them that became leads (at any time up to
   * now) and those leads that are won. Each step is a subset of the one before; rate: this step over it.
   */
  steps: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count: z.number().int(), rate: rateSchema })),
  /** Over the cohort's won leads: the median of days from the lead's creation to its win (one decimal). */
  median_days_to_won: z.number().nullable(),
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

/** A share as the reports answer it: four decimals, null over nothing. */
export function reportRate(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10000) / 10000;
}
