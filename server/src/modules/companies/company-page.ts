import { COMPANY_FIELDS, DEFAULT_STAGE_COLOR, pageOffset, PHONE_STORED_FIELDS } from '@app/shared/contracts';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { isoSql, rowsOf, toInt } from '../../db/raw-sql';
import { leadProbability, stageProbability } from './lead-probability';

/**
 * Prospects and leads as the JSON of the API, written by the database and only here: the list's
 * rows, one record's answer (detail, create, update, a conversion's lead) and the call queue's
 * card all select jsonColumns. SQL rather than TypeScript because the list is the busiest call of
 * the CRM and Node is single-threaded: parsing twenty wide rows, mapping them and stringifying
 * them again cost Node more than the query cost PostgreSQL. Here the database hands over one text
 * value that goes out as it is, so the same machine answers more lists per second. The contract
 * (prospectSchema, leadSchema) is held to it by src/__tests__/response-schemas.test.ts.
 */
export type CompanyTable = 'prospects' | 'leads';

/** Each table's own fields, as select-list expressions over the record `t` and its stage `g`. */
const OWN_FIELDS: Record<CompanyTable, { before: string[]; after: string[] }> = {
  prospects: { before: [], after: [] },
  leads: {
    before: ['t.prospect_id'],
    after: [
      't.assigned_to',
      // numeric as text keeps the cents ("1500.00"); json would make it a number.
      't.value::text as value',
      `to_char(t.expected_close_date, 'YYYY-MM-DD') as expected_close_date`,
      `${leadProbability('t', 'g')} as probability`,
      't.probability as own_probability',
      `${stageProbability('g')} as stage_probability`,
      `${isoSql('t.won_at')} as won_at`,
      `${isoSql('t.lost_at')} as lost_at`,
      't.lost_reason',
    ],
  },
};

const COMPANY_COLUMNS = [...COMPANY_FIELDS, ...PHONE_STORED_FIELDS, 'status_id'];

/**
 * The record's fields as its answer names them, from the record `t` left-joined to its status `s`
 * and stage `g` (companyJoins): the select list of one record's JSON.
 */
export function jsonColumns(table: CompanyTable): string {
  const own = OWN_FIELDS[table];
  return [
    't.id',
    't.tenant_id',
    ...own.before,
    ...COMPANY_COLUMNS.map((column) => `t.${column}`),
    's.name as status_name',
    `${isoSql('t.last_contacted')} as last_contacted`,
    't.pipeline_stage_id',
    'g.name as pipeline_stage_name',
    // A constant of our own code, never user input.
    `coalesce(g.color, '${DEFAULT_STAGE_COLOR.replace(/'/g, '')}') as pipeline_stage_color`,
    't.owner_id',
    ...own.after,
    `${isoSql('t.created_at')} as created_at`,
    `${isoSql('t.updated_at')} as updated_at`,
  ].join(', ');
}

/** The status and stage names of a record `t` (both within its tenant), for jsonColumns. */
export const COMPANY_JOINS = `left join status_options s on s.tenant_id = t.tenant_id and s.id = t.status_id
      left join pipeline_stages g on g.tenant_id = t.tenant_id and g.id = t.pipeline_stage_id`;

/**
 * One record's answer, the same object a page's row holds: the first row of `table` matching
 * `where` (conditions on its own columns), or undefined. JSON.parse gives the contract's types
 * back: strings, numbers and nulls as jsonColumns writes them.
 */
export async function companyRecordAnswer<Answer>(db: ScopedDbOrTx, table: CompanyTable, where: SQL): Promise<Answer | undefined> {
  const result = await db.execute(sql`select row_to_json(r)::text as answer from (
      select ${sql.raw(jsonColumns(table))}
      from (select * from ${sql.raw(table)} where ${where} limit 1) t
      ${sql.raw(COMPANY_JOINS)}) r`);
  const text = rowsOf<{ answer: string }>(result)[0]?.answer;
  return text === undefined ? undefined : JSON.parse(text);
}

export interface CompanyPageQuery {
  table: CompanyTable;
  /** Conditions on the table's own columns (drizzle columns of `prospects` or `leads`). */
  where: SQL;
  limit: number | SQL | Placeholder;
  offset: number | SQL | Placeholder;
  /** Deep pages take the page's ids off the index first, so the rows skipped are never read. */
  deep: boolean;
  /** An expression for the total when one is kept (the prospects counter); else null. */
  total?: SQL;
  /** The page's order over the table's columns, as `order(prefix)` (newest first when not given). */
  order?: PageOrder;
  /**
   * The owners whose records, with the unassigned ones, are all the page may hold: the list of a
   * user who sees only some owners'. Each owner's newest rows are then read off the (tenant, owner,
   * newest first) index and merged, so a user who owns one record in a thousand reads about a page
   * of rows per owner, not the thousand in between. `one`: a single owner (a uuid expression), the
   * statement PostgreSQL plans once; `many`: a uuid[] expression, each owner in turn.
   */
  perOwner?: { one: SQL } | { many: SQL };
}

/** An order by list over the columns of a record, each written with `prefix` ('' or 't.'). */
export type PageOrder = (prefix: string) => string;

export const NEWEST_FIRST: PageOrder = (prefix) => `${prefix}created_at desc, ${prefix}id desc`;

/**
 * One statement: the page (newest first) joined to its status and stage names, aggregated into a
 * JSON array in that order, with the number of rows and, when known, the total.
 */
export function companyPageQuery(db: ScopedDbOrTx, query: CompanyPageQuery) {
  const table = sql.raw(query.table);
  const order = query.order ?? NEWEST_FIRST;
  const inner = sql.raw(order(''));
  const upTo = sql`(${query.limit})::bigint + (${query.offset})::bigint`;
  const page = query.deep
    ? sql`select x.* from (select tenant_id, id from ${table} where ${query.where} order by ${inner} limit ${query.limit} offset ${query.offset}) ids
          join ${table} x using (tenant_id, id)`
    : query.perOwner
      ? sql`select * from (
            ${
              'one' in query.perOwner
                ? sql`(select * from ${table} where ${query.where} and owner_id = ${query.perOwner.one} order by ${inner} limit ${upTo})`
                : sql`select o.* from unnest(${query.perOwner.many}) as owner(id)
                    cross join lateral (select * from ${table} where ${query.where} and owner_id = owner.id order by ${inner} limit ${upTo}) o`
            }
            union all
            (select * from ${table} where ${query.where} and owner_id is null order by ${inner} limit ${upTo})
          ) v order by ${inner} limit ${query.limit} offset ${query.offset}`
      : sql`select * from ${table} where ${query.where} order by ${inner} limit ${query.limit} offset ${query.offset}`;
  // json_agg takes the rows in the order of the sorted subquery.
  const rows = sql`(select ${sql.raw(jsonColumns(query.table))}
      from (${page}) t
      ${sql.raw(COMPANY_JOINS)}
      order by ${sql.raw(order('t.'))}) r`;
  return db
    .select({
      total: query.total ? sql<number | string | null>`${query.total}` : sql<null>`null::int`,
      count: sql<number>`count(*)::int`,
      rows: sql<string>`coalesce(json_agg(r), '[]')::text`,
    })
    .from(rows);
}

export interface CompanyPageResult {
  total: number | string | null;
  count: number;
  rows: string;
}

/**
 * The list's total when the page tells it: the total the query read, or, for a page that is not
 * full, the rows before it and on it (it ends the list). Otherwise the rows must be counted.
 */
export function knownTotal(result: CompanyPageResult, paging: { page: number; limit: number }): number | undefined {
  if (result.total !== null && result.total !== undefined) return toInt(result.total);
  const offset = pageOffset(paging);
  const count = toInt(result.count);
  return count < paging.limit && (count > 0 || offset === 0) ? offset + count : undefined;
}

/** The answer's body, `{"<key>": [...], "pagination": {...}}`, around the rows the database wrote. */
export function companyPageBody(key: CompanyTable, rows: string, pagination: { total: number; page: number; limit: number }): string {
  return `{"${key}":${rows},"pagination":${JSON.stringify({ total: pagination.total, page: pagination.page, limit: pagination.limit })}}`;
}
