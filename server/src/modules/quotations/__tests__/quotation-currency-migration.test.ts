import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../../../db/migrate';
import { rowsOf } from '../../../db/raw-sql';
import { systemContext } from '../../../db/wall/context';
import { migrationsFolder } from '../../../server-paths';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db';

/*
 * Quotations made before they carried a currency were priced and shown in USD, whatever their
 * tenant's currency: 0053 gives them USD, and the list's counters (per tenant, now per currency too)
 * keep their figures under USD. The database is first migrated up to the migration before it.
 */

const MIGRATION = '0053_quotation_currency';

/** The migrations up to (not including) the one under test, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

let folder: string;
let database: TestDatabase;
beforeAll(async () => {
  folder = migrationsBefore(MIGRATION);
  database = await createTestDatabase({ migrationsFolder: folder });
});
afterAll(async () => {
  await database.dispose();
  fs.rmSync(folder, { recursive: true, force: true });
});

test('quotations made before keep USD, their counters too, even in a tenant whose currency is now EUR; new ones count apart', async () => {
  const db = database.handle.contextDb(systemContext('test'));
  const [tenant] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into tenants (name, domain, currency) values ('Old Quotes', 'old-quotes.example.com', 'EUR') returning id`),
  );
  const quotation = (number: string, status: string, totalCents: number) => sql`
    insert into quotations (tenant_id, number, status, quote_date, valid_until, items, subtotal_cents, total_cents)
    values (${tenant.id}, ${number}, ${status}, '2026-01-05', '2026-02-04', '[]'::jsonb, ${totalCents}, ${totalCents})`;
  await db.execute(quotation('Q-20260105-001', 'draft', 8160));
  await db.execute(quotation('Q-20260105-002', 'accepted', 12_050));

  await runMigrations(database.handle);

  const kept = rowsOf<{ number: string; currency: string }>(
    await db.execute(sql`select number, currency from quotations where tenant_id = ${tenant.id} order by number`),
  );
  expect(kept).toEqual([
    { number: 'Q-20260105-001', currency: 'USD' },
    { number: 'Q-20260105-002', currency: 'USD' },
  ]);
  const counters = () =>
    db.execute(sql`select currency, total, total_cents::int as total_cents, accepted from quotation_counters where tenant_id = ${tenant.id} order by currency`);
  expect(rowsOf(await counters())).toEqual([{ currency: 'USD', total: 2, total_cents: 20_210, accepted: 1 }]);

  // A quotation made now, in the tenant's EUR, is counted apart; a change of status moves within its currency.
  await db.execute(sql`
    insert into quotations (tenant_id, number, status, currency, quote_date, valid_until, items, subtotal_cents, total_cents)
    values (${tenant.id}, 'Q-20260301-001', 'draft', 'EUR', '2026-03-01', '2026-03-31', '[]'::jsonb, 999, 999)`);
  await db.execute(sql`update quotations set status = 'accepted' where tenant_id = ${tenant.id} and number = 'Q-20260105-001'`);
  expect(rowsOf(await counters())).toEqual([
    { currency: 'EUR', total: 1, total_cents: 999, accepted: 0 },
    { currency: 'USD', total: 2, total_cents: 20_210, accepted: 2 },
  ]);
  // A quotation cannot be in no currency, nor in one that is no ISO code.
  await expect(db.execute(sql`update quotations set currency = 'euro' where tenant_id = ${tenant.id}`)).rejects.toThrow();
});
