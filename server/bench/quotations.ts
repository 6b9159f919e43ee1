/**
 * The quotation figures: GET /quotations page 1 with its counters over 10,000 quotations of one
 * tenant on the embedded default against the bare page query through pg, and the p95 of the PDF of a
 * 50-item quotation (one connection, through the app). Figures only; nothing here fails a build.
 */
import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/seed/seed';
import { openOwner } from '../src/testing/owner-db';
import { withServer } from './lib/child';
import type { BenchDatabase } from './lib/databases';
import type { Owner } from './lib/dataset';
import { formatLoad, mergeLoads, runLoad, verdict, type LoadResult } from './lib/load';
import { login, writeHeaders } from './lib/sign-in';

export interface QuotationBenchOptions {
  database: BenchDatabase;
  quotations: number;
  seconds: number;
  rounds: number;
  connections: number;
  log: (line: string) => void;
}

/** `count` quotations of three items each, spread over statuses and days, made in SQL. */
export async function fillQuotations(handle: Owner, tenantId: string, count: number): Promise<void> {
  const item = (n: number, quantity: string, rate: string) =>
    `jsonb_build_object('id', gen_random_uuid(), 'description', 'Service line ${n} of quotation ' || g, 'quantity', ${quantity}, 'rate', ${rate} / 100.0, 'amount', (${quantity}) * (${rate}) / 100.0)`;
  await handle.db.execute(
    sql.raw(`
    insert into quotations (tenant_id, number, status, company_name, client_name, client_email, title, product_name, terms,
      included_storage, additional_storage_rate_cents, storage_block_size, tax_rate_bp, discount_rate_bp,
      quote_date, valid_until, items, subtotal_cents, discount_cents, tax_cents, total_cents, created_at, updated_at)
    select '${tenantId}'::uuid,
      'Q-' || to_char(current_date - 1 - (g / 1000), 'YYYYMMDD') || '-' || lpad((g % 1000)::text, 3, '0'),
      (array['draft','draft','draft','sent','sent','sent','accepted','accepted','rejected','draft'])[1 + g % 10],
      'Orbitra Ltd', 'Client ' || g, 'client' || g || '@example.com', 'Quotation for project ' || g, 'Payofina', 'Payment within 30 days.',
      '200 MB', 9, '200 MB', 825, 0,
      current_date - 1 - (g / 1000), current_date - 1 - (g / 1000) + case when g % 25 = 3 then 0 else 30 end,
      jsonb_build_array(${item(1, '1 + g % 5', '5000')}, ${item(2, '2', '12500')}, ${item(3, '10', '99')}),
      s.subtotal, 0, round(s.subtotal * 0.0825), s.subtotal + round(s.subtotal * 0.0825),
      now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${count}) g, lateral (select (1 + g % 5) * 5000 + 25000 + 990 as subtotal) s`),
  );
  await handle.db.execute(sql`vacuum analyze quotations`);
}

/** A 50-item quotation made through the API, as the builder would. */
async function fiftyItemQuotation(base: string, auth: Record<string, string>, tenantId: string): Promise<string> {
  const items = Array.from({ length: 50 }, (_, i) => ({
    description: `Implementation work package ${i + 1} with a longer description`,
    quantity: 1 + (i % 7),
    rate: 125.5 + i,
  }));
  const response = await fetch(`${base}/api/v1/quotations`, {
    method: 'POST',
    headers: writeHeaders(auth),
    body: JSON.stringify({ tenant_id: tenantId, title: 'Fifty items', client_name: 'Bench Client', terms: 'Payment within 30 days.', items }),
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export async function benchQuotations(options: QuotationBenchOptions): Promise<void> {
  const { log, database, connections: c } = options;
  log(`\n== Quotations on ${database.label}: ${options.quotations.toLocaleString('en-US')} quotations in the measured tenant ==`);
  let tenantId: string;
  {
    const handle = openOwner(database.ownerUrl);
    try {
      tenantId = (await seedDemo(handle, { crmSample: false })).tenantId;
      await fillQuotations(handle, tenantId, options.quotations);
    } finally {
      await handle.close();
    }
  }
  const slice = Math.max(2, Math.round(options.seconds / options.rounds));
  const load = (url: string, headers: Record<string, string> = {}, connections = c) => runLoad({ url, headers, connections, seconds: slice, warmupSeconds: 2 });
  const app: LoadResult[] = [];
  const base: LoadResult[] = [];
  const pdf: LoadResult[] = [];
  for (let round = 0; round < options.rounds; round++) {
    // The PDF is asked back-to-back: far above a user's limit per minute, which is not what is measured.
    await withServer(
      'app.ts',
      database,
      async (url) => {
        const auth = await login(url);
        app.push(await load(`${url}/api/v1/quotations?tenant_id=${tenantId}`, auth));
        const id = await fiftyItemQuotation(url, auth, tenantId);
        pdf.push(await load(`${url}/api/v1/quotations/${id}/pdf`, auth, 1));
      },
      { PDF_LIMIT_PER_USER_PER_MINUTE: '100000' },
    );
    await withServer('baseline.ts', database, async (url) => {
      base.push(await load(`${url}/quotations-page?tenant_id=${tenantId}`));
    });
  }
  const appList = mergeLoads(app);
  const baseList = mergeLoads(base);
  const pdfRun = mergeLoads(pdf);
  log(`  (load: autocannon, ${options.rounds} alternating slices of ${slice} s per side, after 2 s of warm-up each)`);
  log(formatLoad(`GET /quotations page 1 + summary (app, ${c} conn)`, appList));
  log(formatLoad('  baseline: bare page query, Fastify + pg', baseList));
  log(`  -> app at ${Math.round((appList.rps / baseList.rps) * 100)}% of baseline req/s (target >= 60%: ${verdict(appList.rps >= 0.6 * baseList.rps)})`);
  log(formatLoad('GET /quotations/{id}/pdf, 50 items (app, 1 conn)', pdfRun));
  log(`  -> PDF p95 ${pdfRun.p95.toFixed(1)} ms (target <= 100 ms: ${verdict(pdfRun.p95 <= 100)})`);
}
