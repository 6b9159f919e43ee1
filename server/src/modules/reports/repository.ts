import { and, asc, eq, sql, type AnyColumn } from 'drizzle-orm';
import { rowsOf, toInt } from '../../db/raw-sql';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { ownerFilter } from '../../tenancy/scope';
import { ownedBy, type OwnerNarrowing } from '../../tenancy/visibility';
import { calls, goals, leads, pipelineStages, prospects, teamMembers, teams, users } from '../../db/schema';
import { leadsRepository } from '../leads';

/** A range as instants: from's first moment up to, not including, the day after to. */
export interface ReportRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const within = (column: AnyColumn, range: ReportRange) =>
  sql`${column} >= ${range.start.toISOString()}::timestamptz and ${column} < ${range.end.toISOString()}::timestamptz`;

/**
 * A tenant's report figures as the caller's database handle sees them: records by their owner,
 * calls and goals' targets by their user (tenancy/visibility.ts), of the owner or team asked for.
 */
export function reportsRepository(db: ScopedDbOrTx) {
  const records = (column: AnyColumn, narrowing: OwnerNarrowing) => ownedBy(column, db.scope, 'records', narrowing);
  const figures = (column: AnyColumn, narrowing: OwnerNarrowing) => ownedBy(column, db.scope, 'figures', narrowing);

  return {
    /** The team's members, or undefined when the tenant has no such team. */
    async teamMembers(tenantId: string, teamId: string): Promise<string[] | undefined> {
      const [team] = await db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.tenantId, tenantId), eq(teams.id, teamId)))
        .limit(1);
      if (!team) return undefined;
      const members = await db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, tenantId), eq(teamMembers.teamId, teamId)));
      return members.map((member) => member.userId);
    },

    stages(tenantId: string) {
      return db
        .select({ id: pipelineStages.id, name: pipelineStages.name, kind: pipelineStages.kind, color: pipelineStages.color })
        .from(pipelineStages)
        .where(eq(pipelineStages.tenantId, tenantId))
        .orderBy(asc(pipelineStages.sortOrder), asc(pipelineStages.name));
    },

    /** The board's figures (the same rule for weighted values) over the leads created in the range. */
    pipeline(tenantId: string, range: ReportRange, narrowing: OwnerNarrowing) {
      return leadsRepository(db).summary(tenantId, { where: [within(leads.createdAt, range), ...records(leads.ownerId, narrowing)] });
    },

    /** Leads won and lost per month of the range (the server's months), with their values. */
    async wonLost(tenantId: string, range: ReportRange, narrowing: OwnerNarrowing, timeZone: string) {
      const owned = and(eq(leads.tenantId, tenantId), ...records(leads.ownerId, narrowing));
      const month = (column: AnyColumn) => sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM')`;
      const [result, reasons] = await Promise.all([
        db.execute(sql`
        select month, sum(won_count)::int as won_count, coalesce(sum(won_value), 0)::numeric(30, 2)::text as won_value,
               sum(lost_count)::int as lost_count, coalesce(sum(lost_value), 0)::numeric(30, 2)::text as lost_value
        from (
          select ${month(leads.wonAt)} as month, count(*) as won_count, sum(${leads.value}) as won_value, 0 as lost_count, null::numeric as lost_value
          from ${leads} where ${owned} and ${within(leads.wonAt, range)} group by 1
          union all
          select ${month(leads.lostAt)}, 0, null, count(*), sum(${leads.value})
          from ${leads} where ${owned} and ${within(leads.lostAt, range)} group by 1
        ) by_month
        group by month order by month`),
        db.execute(sql`
        select nullif(btrim(${leads.lostReason}), '') as reason, count(*)::int as count
        from ${leads} where ${owned} and ${within(leads.lostAt, range)}
        group by 1 order by 2 desc, 1 asc nulls last`),
      ]);
      return {
        months: rowsOf<{ month: string; won_count: unknown; won_value: string; lost_count: unknown; lost_value: string }>(result).map((row) => ({
          month: row.month,
          wonCount: toInt(row.won_count),
          wonValue: row.won_value,
          lostCount: toInt(row.lost_count),
          lostValue: row.lost_value,
        })),
        reasons: rowsOf<{ reason: string | null; count: unknown }>(reasons).map((row) => ({ reason: row.reason, count: toInt(row.count) })),
      };
    },

    /**
     * Per user and day of the range with calls made or a goal of theirs running: the calls they made
     * (as the caller, on any goal) and the sum of the daily targets of their own goals running that
     * day. The caller's scope and the narrowing keep the users (callers and goal owners) alike.
     */
    async calls(tenantId: string, range: ReportRange, narrowing: OwnerNarrowing) {
      const result = await db.execute(sql`
        select x.user_id, to_char(x.day, 'YYYY-MM-DD') as day, coalesce(u.full_name, '') as name, coalesce(u.email, '') as email,
               sum(x.target)::int as target, sum(x.calls)::int as calls
        from (
          select ${calls.callerId} as user_id, ${calls.day} as day, count(*) as calls, 0 as target
          from ${calls}
          where ${and(eq(calls.tenantId, tenantId), sql`${calls.day} between ${range.from}::date and ${range.to}::date`, ...figures(calls.callerId, narrowing))}
          group by 1, 2
          union all
          select ${goals.userId}, d.day, 0, sum(${goals.targetCount})
          from ${goals}
          cross join lateral (
            select s.at::date as day
            from generate_series(greatest(${goals.startDate}, ${range.from}::date), least(${goals.endDate}, ${range.to}::date), interval '1 day') as s(at)
          ) d
          where ${and(
            eq(goals.tenantId, tenantId),
            sql`${goals.startDate} <= ${range.to}::date and ${goals.endDate} >= ${range.from}::date`,
            ...figures(goals.userId, narrowing),
          )}
          group by 1, 2
        ) x
        left join ${users} u on u.id = x.user_id
        group by x.user_id, x.day, u.full_name, u.email
        order by x.day, name, x.user_id`);
      return rowsOf<{ user_id: string | null; day: string; name: string; email: string; target: unknown; calls: unknown }>(result).map((row) => ({
        userId: row.user_id,
        day: row.day,
        name: row.name || row.email,
        target: toInt(row.target),
        calls: toInt(row.calls),
      }));
    },

    /**
     * The funnel's cohort: the prospects created in the range (of the owner or team asked for), those
     * of them that became leads, whenever, and those leads that are won, with the median days from
     * lead to won over the won ones. A lead links back to its prospect (prospect_id, at most one per
     * prospect), so each step is a subset of the one before. Only records the caller sees count, the
     * leads too (a lead may have been handed to someone the caller does not see).
     */
    async funnel(tenantId: string, range: ReportRange, narrowing: OwnerNarrowing) {
      const lead = and(eq(leads.tenantId, prospects.tenantId), eq(leads.prospectId, prospects.id), ownerFilter(leads.ownerId, db.scope));
      const [row] = await db
        .select({
          prospects: sql<number>`count(*)::int`,
          leads: sql<number>`count(${leads.id})::int`,
          won: sql<number>`count(${leads.wonAt})::int`,
          // Ordered-set aggregates skip nulls: only the won leads have a time to their win.
          median: sql<
            string | number | null
          >`round((percentile_cont(0.5) within group (order by extract(epoch from (${leads.wonAt} - ${leads.createdAt})) / 86400.0))::numeric, 1)`,
        })
        .from(prospects)
        .leftJoin(leads, lead)
        .where(and(eq(prospects.tenantId, tenantId), within(prospects.createdAt, range), ...records(prospects.ownerId, narrowing)));
      return {
        prospects: toInt(row?.prospects),
        leads: toInt(row?.leads),
        won: toInt(row?.won),
        medianDaysToWon: row?.median === null || row?.median === undefined ? null : Number(row.median),
      };
    },
  };
}
