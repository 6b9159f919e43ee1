import { format as formatDay } from 'date-fns/format';
import { EXPORT_MAX_ROWS, type ExportFormat, type Lead, type LeadExportQuery, type Prospect, type ProspectExportQuery } from '@app/shared/contracts';
import { badRequest, tooManyRequests } from '../../lib/refusal';
import type { ScopedDb } from '../../tenancy/database';
import { type AuditActor, recordAudit } from '../audit';
import { type CompanyFilters, companyFilters, EXPORT_ROW_LIMIT, type ExportRow, type PageOrder } from '../companies';
import { LEAD_ORDERS, leadsRepository } from '../leads';
import { prospectsRepository } from '../prospects';
import { tenantsRepository } from '../tenants';
import { type ExportColumn, leadColumns, PROSPECT_COLUMNS } from './columns';
import { exportLeases, type ExportLease, type ExportLimits } from './export-leases';
import { CONTENT_TYPES, csvSheetWriter, type SheetWriter, xlsxSheetWriter } from './sheet-writers';

export type ExportList = 'prospects' | 'leads';

export const tooManyExportsDetail = (holder: 'user' | 'tenant', limit: number) =>
  holder === 'user'
    ? `You have ${limit} export${limit === 1 ? '' : 's'} downloading already. Wait until one has finished, then try again.`
    : `This tenant has ${limit} exports downloading already. Wait until one has finished, then try again.`;

export const tooManyRowsDetail = (rows: number) =>
  `An export holds at most ${EXPORT_MAX_ROWS.toLocaleString('en-US')} rows and this list has ${rows.toLocaleString('en-US')}. Narrow the search or filters first.`;

/** An export ready to be sent: its headers, its stream, and `run`, which reads the rows into it. */
export interface OpenedExport {
  filename: string;
  contentType: string;
  writer: SheetWriter;
  /** Writes every row, batch by batch, and ends the file; rejects when the database or the reader fails. */
  run: () => Promise<void>;
  /** The export's place among the user's and the tenant's running exports: given back once it has been sent (or abandoned). */
  lease: ExportLease;
}

/** A list as an export reads it, through the caller's database. */
interface ExportSource<Row> {
  count(tenantId: string, filters: CompanyFilters): Promise<number>;
  forEachExportBatch<R>(tenantId: string, filters: CompanyFilters, onBatch: (rows: ExportRow<R>[]) => Promise<void>): Promise<number>;
  columns(tenantId: string): Promise<ExportColumn<Row>[]>;
  orders: Partial<Record<string, PageOrder>>;
  sheetName: string;
  action: 'prospect.exported' | 'lead.exported';
}

type Query = Omit<ProspectExportQuery, 'tenant_id' | 'format' | 'invalid_phone'> &
  Omit<LeadExportQuery, 'tenant_id' | 'format'> & { invalid_phone?: boolean; format: ExportFormat };

const sources = {
  prospects: (db: ScopedDb): ExportSource<Prospect> => ({
    ...prospectsRepository(db),
    columns: async () => PROSPECT_COLUMNS,
    orders: {},
    sheetName: 'Prospects',
    action: 'prospect.exported',
  }),
  leads: (db: ScopedDb): ExportSource<Lead> => ({
    ...leadsRepository(db),
    columns: async (tenantId) => leadColumns(await tenantsRepository(db).currency(tenantId)),
    orders: LEAD_ORDERS,
    sheetName: 'Leads',
    action: 'lead.exported',
  }),
};

/**
 * The prospects and leads lists as CSV or Excel files: the list's filter, the caller's visibility,
 * every row up to the limit; each call on the caller's database (request.db). The rows are read from
 * the caller's reads (db.reads: the replica with DATABASE_READ_URL, db/read-replica.ts); the places
 * among running exports and the audit record are written to the database itself.
 */
export function listExportsService(limits: ExportLimits) {
  const leases = exportLeases(limits);

  async function open<Row>(
    db: ScopedDb,
    source: ExportSource<Row>,
    list: ExportList,
    tenantId: string,
    query: Query,
    actor: AuditActor,
  ): Promise<OpenedExport> {
    const { format, ...filter } = query;
    const caller = db.scope.userId;
    // The list's own reading of its query string (owner_id=me is the caller), without paging.
    const filters = companyFilters({ ...filter, page: 1, limit: 1 }, source.orders, caller ?? undefined);
    const rows = await source.count(tenantId, filters);
    if (rows > EXPORT_ROW_LIMIT) throw badRequest(tooManyRowsDetail(rows));
    const columns = await source.columns(tenantId);
    const lease = await leases.acquire(db, tenantId, caller ?? 'system');
    if ('refused' in lease) throw tooManyRequests(tooManyExportsDetail(lease.refused, lease.limit));
    try {
      // Recorded before the first byte leaves: a download broken off midway was still taken.
      await recordAudit(db, actor, {
        tenantId,
        action: source.action,
        targetType: 'tenant',
        targetId: tenantId,
        details: { format, filter: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== false)), rows },
      });
    } catch (error) {
      await lease.release();
      throw error;
    }
    const writer = format === 'csv' ? csvSheetWriter(columns.map((column) => column.header)) : xlsxSheetWriter(source.sheetName, columns);
    return {
      filename: `${list}-${formatDay(new Date(), 'yyyy-MM-dd')}.${format}`,
      contentType: CONTENT_TYPES[format],
      writer,
      lease,
      run: async () => {
        await source.forEachExportBatch<Row>(tenantId, filters, (batch) => writer.addRows(batch.map((row) => columns.map((column) => column.cell(row)))));
        await writer.end();
      },
    };
  }

  return {
    /** tenantId has been checked by the route (request.tenant). */
    open(db: ScopedDb, list: ExportList, tenantId: string, query: Query, actor: AuditActor): Promise<OpenedExport> {
      return list === 'prospects'
        ? open(db, sources.prospects(db.reads), list, tenantId, query, actor)
        : open(db, sources.leads(db.reads), list, tenantId, query, actor);
    },
  };
}
