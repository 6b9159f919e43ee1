/** The baseline's statements (bench/servers/baseline.ts): the pages and the search alone, no total, no names, no JSON. */
export const PAGE_SQL = `select * from prospects where tenant_id = $1 and state = 'active' order by created_at desc, id desc limit 20`;
export const SEARCH_SQL = `select * from prospects where tenant_id = $1 and state = 'active'
  and search_text like $2 order by created_at desc, id desc limit 20`;

/** The leads list's page alone. */
export const LEADS_PAGE_SQL = `select * from leads where tenant_id = $1 order by created_at desc, id desc limit 20`;

/** The quotations list's page alone: no counters, no total, no mapping. */
export const QUOTATION_PAGE_SQL = `select * from quotations where tenant_id = $1 order by created_at desc, id desc limit 20`;
