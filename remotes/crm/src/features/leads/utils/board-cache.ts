import type { Lead } from '@app/shared/forms';
import type { BoardColumnData } from '../api/get-lead-board-column';

function withTotal(data: BoardColumnData, delta: number): BoardColumnData {
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const total = Math.max(0, first.pagination.total + delta);
  return { ...data, pages: [{ ...first, pagination: { ...first.pagination, total } }, ...rest] };
}

/** A column without the lead (and one fewer in its count), or the same data when it did not hold it. */
export function withoutLead(data: BoardColumnData, leadId: string): BoardColumnData {
  if (!data.pages.some((page) => page.leads.some((lead) => lead.id === leadId))) return data;
  const pages = data.pages.map((page) => ({ ...page, leads: page.leads.filter((lead) => lead.id !== leadId) }));
  return withTotal({ ...data, pages }, -1);
}

/** A column with the lead on top (one more in its count); a column that already holds it gets the new copy in place. */
export function withLeadOnTop(data: BoardColumnData, lead: Lead): BoardColumnData {
  if (data.pages.some((page) => page.leads.some((row) => row.id === lead.id)))
    return { ...data, pages: data.pages.map((page) => ({ ...page, leads: page.leads.map((row) => (row.id === lead.id ? lead : row)) })) };
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return withTotal({ ...data, pages: [{ ...first, leads: [lead, ...first.leads] }, ...rest] }, 1);
}

/** The column a cached board query is for (its key ends with the column's filters). */
export function columnStageOf(queryKey: readonly unknown[]): string | undefined {
  const filters = queryKey[queryKey.length - 1] as { pipeline_stage_id?: string } | undefined;
  return filters?.pipeline_stage_id;
}

/** The leads of a column, in order, across the pages loaded so far. */
export function columnLeads(data: BoardColumnData | undefined): Lead[] {
  return data ? data.pages.flatMap((page) => page.leads) : [];
}
