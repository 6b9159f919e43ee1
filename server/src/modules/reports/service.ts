import {
  type CallsReport,
  type FunnelReport,
  NO_LOST_REASON,
  type PipelineReport,
  type ReportLag,
  reportRangeProblem,
  reportRate,
  sumAmounts,
  type WonLostFigures,
  type WonLostReport,
} from '@app/shared/contracts';
import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { startOfMonth } from 'date-fns/startOfMonth';
import { subMonths } from 'date-fns/subMonths';
import { addDays } from 'date-fns/addDays';
import { badRequest, notFound } from '../../lib/refusal';
import { localDate } from '../../lib/today';
import type { ScopedDb } from '../../tenancy/database';
import { userScopeOf } from '../../tenancy/scope';
import type { OwnerNarrowing } from '../../tenancy/visibility';
import { ownerOf } from '../companies';
import { tenantsRepository } from '../tenants';
import { reportsRepository, type ReportRange } from './repository';

export const TEAM_NOT_FOUND_DETAIL = 'team_id: no such team in this tenant';

export interface ReportFilters {
  from?: string;
  to?: string;
  owner_id?: string;
  team_id?: string;
}

/** The days asked for; from left out: the first of the month 11 months before to's (12 months of figures); to: today (the server's day, as calls are counted). */
export function reportRange(filters: ReportFilters, now: Date = new Date()): ReportRange {
  const to = filters.to ?? localDate(now);
  const from = filters.from ?? format(subMonths(startOfMonth(parseISO(to)), 11), 'yyyy-MM-dd');
  const problem = reportRangeProblem(from, to);
  if (problem) throw badRequest(problem);
  // parseISO reads a bare day as local midnight: the range runs from the server's midnight to its next.
  return { from, to, start: parseISO(from), end: addDays(parseISO(to), 1) };
}

/** The months a range touches, as YYYY-MM, oldest first. */
function monthsOf(range: ReportRange): string[] {
  const months: string[] = [];
  for (let month = startOfMonth(parseISO(range.from)); month <= parseISO(range.to); month = addMonths(month, 1)) months.push(format(month, 'yyyy-MM'));
  return months;
}

function wonLostFigures(wonCount: number, wonValue: string, lostCount: number, lostValue: string): WonLostFigures {
  return { won_count: wonCount, won_value: wonValue, lost_count: lostCount, lost_value: lostValue, win_rate: reportRate(wonCount, wonCount + lostCount) };
}

const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The owner or team the filters ask for ('me': the caller); a team not of the tenant is not found. */
async function narrowingOf(db: ScopedDb, tenantId: string, filters: ReportFilters): Promise<OwnerNarrowing> {
  const narrowing: OwnerNarrowing = { ownerId: ownerOf(filters.owner_id, userScopeOf(db.scope).userId) };
  if (filters.team_id) {
    const teamMemberIds = await reportsRepository(db.reads).teamMembers(tenantId, filters.team_id);
    if (!teamMemberIds) throw notFound(TEAM_NOT_FOUND_DETAIL);
    narrowing.teamMemberIds = teamMemberIds;
  }
  return narrowing;
}

async function prepare(db: ScopedDb, tenantId: string, filters: ReportFilters) {
  const range = reportRange(filters);
  return { range, narrowing: await narrowingOf(db, tenantId, filters) };
}

/**
 * The figures of each report, read from the caller's reads (db.reads: the replica with
 * DATABASE_READ_URL, db/read-replica.ts).
 */
const reports = {
  async pipeline(db: ScopedDb, tenantId: string, filters: ReportFilters): Promise<Omit<PipelineReport, 'lag'>> {
    const { range, narrowing } = await prepare(db, tenantId, filters);
    const repo = reportsRepository(db.reads);
    const [currency, stages, figures] = await Promise.all([
      tenantsRepository(db.reads).currency(tenantId),
      repo.stages(tenantId),
      repo.pipeline(tenantId, range, narrowing),
    ]);
    const byId = new Map(figures.stages.map((stage) => [stage.pipeline_stage_id, stage]));
    return {
      from: range.from,
      to: range.to,
      currency,
      stages: stages.map((stage) => ({
        pipeline_stage_id: stage.id,
        name: stage.name,
        kind: stage.kind,
        color: stage.color,
        count: byId.get(stage.id)?.count ?? 0,
        value: byId.get(stage.id)?.value ?? '0.00',
        weighted_value: stage.kind === 'open' ? (byId.get(stage.id)?.weighted_value ?? '0.00') : null,
      })),
      pipeline: figures.pipeline,
      won: figures.won,
      lost: figures.lost,
    };
  },

  async wonLost(db: ScopedDb, tenantId: string, filters: ReportFilters): Promise<Omit<WonLostReport, 'lag'>> {
    const { range, narrowing } = await prepare(db, tenantId, filters);
    const [currency, figures] = await Promise.all([
      tenantsRepository(db.reads).currency(tenantId),
      reportsRepository(db.reads).wonLost(tenantId, range, narrowing, serverTimeZone()),
    ]);
    const byMonth = new Map(figures.months.map((row) => [row.month, row]));
    const months = monthsOf(range).map((month) => {
      const row = byMonth.get(month);
      return { month, ...wonLostFigures(row?.wonCount ?? 0, row?.wonValue ?? '0.00', row?.lostCount ?? 0, row?.lostValue ?? '0.00') };
    });
    const reasons = new Map<string, number>();
    for (const row of figures.reasons) reasons.set(row.reason ?? NO_LOST_REASON, (reasons.get(row.reason ?? NO_LOST_REASON) ?? 0) + row.count);
    return {
      from: range.from,
      to: range.to,
      currency,
      months,
      total: wonLostFigures(
        months.reduce((sum, month) => sum + month.won_count, 0),
        sumAmounts(months.map((month) => month.won_value)),
        months.reduce((sum, month) => sum + month.lost_count, 0),
        sumAmounts(months.map((month) => month.lost_value)),
      ),
      lost_reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    };
  },

  /** Calls by caller: a user sees their own calls (own), their team's (team) or everyone's, deleted users' included (all). */
  async calls(db: ScopedDb, tenantId: string, filters: ReportFilters): Promise<Omit<CallsReport, 'lag'>> {
    const { range, narrowing } = await prepare(db, tenantId, filters);
    const rows = await reportsRepository(db.reads).calls(tenantId, range, narrowing);
    const users = new Map<string | null, string>();
    for (const row of rows) if (!users.has(row.userId)) users.set(row.userId, row.userId === null ? 'No user' : row.name);
    return {
      from: range.from,
      to: range.to,
      users: [...users].map(([user_id, name]) => ({ user_id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      days: rows.map((row) => ({ day: row.day, user_id: row.userId, calls: row.calls, target: row.target })),
      total_calls: rows.reduce((sum, row) => sum + row.calls, 0),
    };
  },

  async funnel(db: ScopedDb, tenantId: string, filters: ReportFilters): Promise<Omit<FunnelReport, 'lag'>> {
    const { range, narrowing } = await prepare(db, tenantId, filters);
    const counts = await reportsRepository(db.reads).funnel(tenantId, range, narrowing);
    return {
      from: range.from,
      to: range.to,
      steps: [
        { step: 'prospects', count: counts.prospects, rate: null },
        { step: 'leads', count: counts.leads, rate: reportRate(counts.leads, counts.prospects) },
        { step: 'won', count: counts.won, rate: reportRate(counts.won, counts.leads) },
      ],
      median_days_to_won: counts.medianDaysToWon,
    };
  },
};

/** The report with the age of the copy it was read from, measured beside it. */
async function withLag<T>(db: ScopedDb, report: Promise<T>): Promise<T & { lag: ReportLag | null }> {
  const [figures, lag] = await Promise.all([report, db.reads.lag()]);
  return { ...figures, lag };
}

/** The reports of a tenant: each call on the caller's database (request.db), whose scope says what they count; each carries its figures' age. */
export const reportsService = {
  pipeline: (db: ScopedDb, tenantId: string, filters: ReportFilters): Promise<PipelineReport> => withLag(db, reports.pipeline(db, tenantId, filters)),
  wonLost: (db: ScopedDb, tenantId: string, filters: ReportFilters): Promise<WonLostReport> => withLag(db, reports.wonLost(db, tenantId, filters)),
  calls: (db: ScopedDb, tenantId: string, filters: ReportFilters): Promise<CallsReport> => withLag(db, reports.calls(db, tenantId, filters)),
  funnel: (db: ScopedDb, tenantId: string, filters: ReportFilters): Promise<FunnelReport> => withLag(db, reports.funnel(db, tenantId, filters)),
};

export type ReportsService = typeof reportsService;
