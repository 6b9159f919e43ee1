import type { Lead, Prospect } from '@app/shared/contracts';
import { shownPhone } from '@app/shared/format/phone';
import type { ExportRow } from '../companies';

/** A cell as the writers take it: text, a whole number, an amount (as the database wrote it, "1500.00"), a calendar day, or empty. */
export type Cell = string | number | { amount: string } | { day: string } | null;

export interface ExportColumn<Row> {
  header: string;
  /** A width in characters for the workbook. */
  width: number;
  cell: (row: ExportRow<Row>) => Cell;
}

/** Industry may be kept as a JSON list; the lists show it comma-joined (remotes/crm/src/lib/company.ts). */
function shownIndustry(industry: string | null): string | null {
  const trimmed = industry?.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String).filter(Boolean).join(', ') || null;
    } catch {
      // Plain text that happens to start with a bracket.
    }
  }
  return trimmed;
}

/** A moment as the sheet shows it: its UTC day and minute ("2026-11-27 13:59"). */
const minute = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : null);

type Company = Prospect | Lead;
const name: ExportColumn<Company> = { header: 'Name', width: 32, cell: (row) => row.name };
const city: ExportColumn<Company> = { header: 'City', width: 18, cell: (row) => row.city };
const industry: ExportColumn<Company> = { header: 'Industry', width: 22, cell: (row) => shownIndustry(row.industry) };
const status: ExportColumn<Company> = { header: 'Status', width: 16, cell: (row) => row.status_name };
const stage: ExportColumn<Company> = { header: 'Pipeline Stage', width: 16, cell: (row) => row.pipeline_stage_name };
const phone: ExportColumn<Company> = { header: 'Phone', width: 20, cell: (row) => shownPhone(row.phone1, row.phone1_e164) };
const email: ExportColumn<Company> = { header: 'Email', width: 28, cell: (row) => row.email };
const owner: ExportColumn<Company> = { header: 'Owner', width: 20, cell: (row) => row.owner_name };
const added: ExportColumn<Company> = { header: 'Added (UTC)', width: 17, cell: (row) => minute(row.created_at) };

/** What a prospect's card in the list shows, in its order. */
export const PROSPECT_COLUMNS: ExportColumn<Prospect>[] = [
  name,
  city,
  industry,
  status,
  stage,
  phone,
  email,
  owner,
  { header: 'Last contacted (UTC)', width: 17, cell: (row) => minute(row.last_contacted) },
  added,
];

/** What a lead's card in the list shows, in its order; the value in the tenant's currency. */
export function leadColumns(currency: string): ExportColumn<Lead>[] {
  return [
    name,
    city,
    industry,
    stage,
    status,
    phone,
    email,
    { header: `Value (${currency})`, width: 14, cell: (row) => (row.value === null ? null : { amount: row.value }) },
    { header: 'Probability (%)', width: 10, cell: (row) => row.probability },
    { header: 'Expected close date', width: 14, cell: (row) => (row.expected_close_date ? { day: row.expected_close_date } : null) },
    { header: 'Lost reason', width: 24, cell: (row) => row.lost_reason },
    owner,
    added,
  ];
}
