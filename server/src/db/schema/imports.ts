import type { RefusedRow, WarnedRow } from '@app/shared/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { tenantId, users } from './tenancy';

/**
 * One upload of a prospects file: who sent it, what it created and what it refused (the refused
 * rows stay, so they can be fixed and sent again), and the rows it saved with warnings. A revert is recorded on the same row.
 */
export const prospectImports = pgTable(
  'prospect_imports',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    fileName: text('file_name').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // Rows of the file received so far: the next slice's rows are numbered after them.
    rowsReceived: integer('rows_received').notNull().default(0),
    rowsCreated: integer('rows_created').notNull().default(0),
    rowsRefused: integer('rows_refused').notNull().default(0),
    refusedRows: jsonb('refused_rows')
      .$type<RefusedRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Rows saved without some of their values (the upload's clean-up dropped or cut them), with what they held.
    rowsWarned: integer('rows_warned').notNull().default(0),
    warnedRows: jsonb('warned_rows')
      .$type<WarnedRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    revertedAt: timestamp('reverted_at', { withTimezone: true, mode: 'date' }),
    revertedBy: uuid('reverted_by').references(() => users.id, { onDelete: 'set null' }),
    revertRemoved: integer('revert_removed'),
    revertKept: integer('revert_kept'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('prospect_imports_id_idx').on(t.id),
    index('prospect_imports_tenant_created_idx').on(t.tenantId, t.createdAt.desc()),
    index('prospect_imports_created_by_idx').on(t.createdBy),
    index('prospect_imports_reverted_by_idx').on(t.revertedBy),
  ],
);
