import { DEFAULT_COUNTRY, readPhones } from '@app/shared/contracts';
import { normaliseUploadItem } from '@app/shared/crm/prospect-upload';
import { BULK_COLUMNS } from '../../src/modules/prospects';

/** Upload rows as the browser sends them (payload keys), with phones no other round uses. */
export function uploadRows(count: number, round: number): Array<Record<string, string>> {
  return Array.from({ length: count }, (_, i) => {
    const n = round * 100_000 + i;
    return {
      name: `Bulk Company ${n}`,
      phone1: `+1 777 ${String(n).padStart(7, '0')}`,
      email: `bulk${n}@bulk-company.example.com`,
      industry: 'Logistics',
      city: 'Chicago',
      website: `https://bulk${n}.example.com`,
      employees: '10-50',
      description: 'Regional freight forwarder with a growing warehouse network.',
    };
  });
}

const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

export const COPY_COLUMNS = ['tenant_id', ...BULK_COLUMNS, 'status_id', 'pipeline_stage_id'];

/** The same rows, normalised as the server would, in COPY's text format. */
export function copyText(rows: Array<Record<string, string>>, tenantId: string, statusId: string, stageId: string): string {
  const lines: string[] = [];
  for (const row of rows) {
    const item = normaliseUploadItem(row) as Record<string, string | undefined>;
    const { stored } = readPhones(item, DEFAULT_COUNTRY);
    const values = BULK_COLUMNS.map((column) => (column in stored ? stored[column as keyof typeof stored] : item[column]));
    lines.push([tenantId, ...values, statusId, stageId].map((value) => (value === undefined || value === null ? '\\N' : escape(value))).join('\t'));
  }
  return `${lines.join('\n')}\n`;
}
