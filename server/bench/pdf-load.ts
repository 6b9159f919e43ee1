/**
 * The health check's latency while quotation PDFs are drawn: eight 200-item quotations in mixed
 * scripts downloaded at once through the real app (its own process, the embedded default), with GET /api/v1/health
 * probed one after another every 10 ms for as long as they take. Figures only; nothing here fails a build.
 */
import { seedDemo } from '../src/seed/seed';
import { openOwner } from '../src/testing/owner-db';
import { startChild } from './lib/child';
import { serverEnv, type BenchDatabase } from './lib/databases';
import { verdict } from './lib/load';
import { login, writeHeaders } from './lib/sign-in';

export interface PdfLoadBenchOptions {
  database: BenchDatabase;
  rounds: number;
  log: (line: string) => void;
}

const PARALLEL = 8;
const SCRIPTS = ['Implementation Łódź Ærøskøbing', 'Ελληνικά υπηρεσία', 'Кириллица услуга', '北京 上海 服务', 'שלום עולם', 'مرحبا بالعالم', 'Launch 🚀'];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

async function largeQuotation(base: string, auth: Record<string, string>, tenantId: string, n: number): Promise<string> {
  const items = Array.from({ length: 200 }, (_, i) => ({ description: `${SCRIPTS[i % SCRIPTS.length]} ${n}-${i + 1}`, quantity: 1 + (i % 5), rate: 10 + i }));
  const response = await fetch(`${base}/api/v1/quotations`, {
    method: 'POST',
    headers: writeHeaders(auth),
    body: JSON.stringify({ tenant_id: tenantId, title: `Large quotation ${n}`, client_name: 'Bench Client', terms: 'Payment within 30 days.', items }),
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

async function pdf(base: string, auth: Record<string, string>, id: string): Promise<void> {
  const response = await fetch(`${base}/api/v1/quotations/${id}/pdf`, { headers: auth });
  if (response.status !== 200) throw new Error(`pdf: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

export async function benchPdfLoad(options: PdfLoadBenchOptions): Promise<void> {
  const { log } = options;
  log(`\n== Health under PDF load on ${options.database.label}: ${PARALLEL} PDFs of 200 mixed-script items at once, health probed every 10 ms ==`);
  let tenantId: string;
  {
    const handle = openOwner(options.database.ownerUrl);
    try {
      tenantId = (await seedDemo(handle, { crmSample: false })).tenantId;
    } finally {
      await handle.close();
    }
  }
  const server = await startChild('app.ts', { ...serverEnv(options.database), PDF_LIMIT_PER_USER_PER_MINUTE: '1000' });
  try {
    const base = server.url;
    const auth = await login(base);
    // A first PDF warms the drawing code (and, where there is one, the worker pool).
    await pdf(base, auth, await largeQuotation(base, auth, tenantId, 0));
    const probes: number[] = [];
    const walls: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const ids: string[] = [];
      // New quotations every round, so no round is served from what an earlier one drew.
      for (let n = 1; n <= PARALLEL; n++) ids.push(await largeQuotation(base, auth, tenantId, round * PARALLEL + n));
      let drawing = true;
      const started = performance.now();
      const all = Promise.all(ids.map((id) => pdf(base, auth, id))).finally(() => (drawing = false));
      while (drawing) {
        const at = performance.now();
        await (await fetch(`${base}/api/v1/health`)).arrayBuffer();
        probes.push(performance.now() - at);
        await pause(10);
      }
      await all;
      walls.push(performance.now() - started);
    }
    const sorted = [...probes].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    log(`  ${options.rounds} rounds, ${probes.length} probes; the ${PARALLEL} PDFs took ${walls.map((w) => ms(w)).join(', ')}`);
    log(
      `  GET /api/v1/health under PDF load: p50 ${ms(percentile(sorted, 0.5))}  p90 ${ms(percentile(sorted, 0.9))}  max ${ms(sorted.at(-1) ?? NaN)}  (target p50 and p90 < 100 ms: ${verdict(percentile(sorted, 0.5) < 100 && percentile(sorted, 0.9) < 100)})`,
    );
  } finally {
    await server.stop();
  }
}
