/**
 * Soak: the real server (its own process, on the embedded default, the demo data) under a steady mixed load
 * at a fixed rate for BENCH_SOAK_MINUTES (default 30): lists and searches of prospects, leads and
 * quotations, status changes, quotation PDFs, and an upload of 1,000 prospects every 20 seconds.
 * Prints the server's RSS and heap (after a full collection) every minute, and the growth from the
 * end of minute 5 to the end. Target: at most 10 % growth, and no error.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uploadRows } from './lib/bulk-rows';
import { serverEnv, type BenchDatabase } from './lib/databases';
import { verdict } from './lib/load';

const here = path.dirname(fileURLToPath(import.meta.url));
const CSRF = 'soak-csrf-token-0123456789abcdefghijklmnop';
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  minute: number;
  rss: number;
  heap: number;
}

function startServer(database: BenchDatabase, sampleSeconds: number, onSample: (rss: number, heap: number) => void) {
  const tsx = path.resolve(here, '../node_modules/.bin/tsx');
  const child = spawn(tsx, [path.join(here, 'servers/soak-server.ts')], {
    env: { ...process.env, ...serverEnv(database), BENCH_SOAK_SAMPLE_SECONDS: String(sampleSeconds), NODE_OPTIONS: '--expose-gc' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffer = '';
  const url = new Promise<string>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`the soak server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        const listening = /^LISTENING (\d+)/.exec(line);
        if (listening) resolve(`http://127.0.0.1:${listening[1]}`);
        const memory = /^MEMORY (\d+) (\d+)/.exec(line);
        if (memory) onSample(Number(memory[1]), Number(memory[2]));
      }
    });
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.removeAllListeners('exit');
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

export async function benchSoak(options: { database: BenchDatabase; minutes: number; log: (line: string) => void }): Promise<void> {
  const { log, minutes } = options;
  log(`\n== Soak: ${minutes} min of steady mixed load on the real server, on ${options.database.label} ==`);
  const samples: Sample[] = [];
  let requests = 0;
  let errors = 0;
  const failures = new Map<string, number>();
  const server = startServer(options.database, 60, (rss, heap) => {
    const minute = samples.length + 1;
    samples.push({ minute, rss, heap });
    log(`minute ${String(minute).padStart(3)}: RSS ${MB(rss).padStart(9)}  heap ${MB(heap).padStart(9)}  requests ${requests}  errors ${errors}`);
  });
  const base = await server.url;
  try {
    const call = async (method: string, route: string, token?: string, body?: unknown): Promise<unknown> => {
      requests += 1;
      const response = await fetch(`${base}/api/v1${route}`, {
        method,
        headers: {
          cookie: `csrftoken=${CSRF}`,
          'x-csrftoken': CSRF,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).catch((error: Error) => ({ ok: false, status: 0, statusText: error.message, arrayBuffer: async () => new ArrayBuffer(0), json: async () => null }));
      if (!response.ok) {
        errors += 1;
        const key = `${method} ${route.replace(/[0-9a-f-]{36}/g, ':id').replace(/\?.*/, '')} ${response.status}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
        await response.arrayBuffer();
        return null;
      }
      return route.endsWith('/pdf') ? response.arrayBuffer() : response.json();
    };

    const login = (await call('POST', '/auth/login', undefined, { email: 'admin@example.com', password: 'admin-password' })) as { access_token: string };
    const token = login.access_token;
    const tenantId = ((await call('GET', '/crm/tenants', token)) as Array<{ id: string }>)[0].id;
    const statuses = (await call('GET', `/crm/status-options?tenant_id=${tenantId}`, token)) as Array<{
      id: string;
      converts_to_lead: boolean;
      removes_from_prospects: boolean;
    }>;
    const plain = statuses.filter((s) => !s.converts_to_lead && !s.removes_from_prospects).map((s) => s.id);
    const quotation = (await call('POST', '/quotations', token, {
      tenant_id: tenantId,
      company_name: 'Orbitra Ltd',
      client_name: 'Soak Client',
      client_email: 'soak@client.example.com',
      title: 'Soak',
      items: [{ description: 'Base subscription', quantity: 1, rate: 50 }],
    })) as { id: string };

    const started = Date.now();
    const end = started + minutes * 60_000;
    let tick = 0;
    let upload = 0;
    const inFlight = new Set<Promise<unknown>>();
    const fire = (work: Promise<unknown>) => {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    };
    // One tick a second, whatever the answers take: a fixed rate, not a closed loop.
    while (Date.now() < end) {
      const page = 1 + (tick % 5);
      fire(call('GET', `/crm/prospects?tenant_id=${tenantId}&page=${page}&limit=20`, token));
      fire(call('GET', `/crm/prospects?tenant_id=${tenantId}&q=${['bulk', 'logistics', '555', 'company'][tick % 4]}`, token));
      fire(call('GET', `/crm/leads?tenant_id=${tenantId}&page=1&limit=20`, token));
      fire(call('GET', `/quotations?tenant_id=${tenantId}&page=1&limit=20`, token));
      fire(
        (async () => {
          const list = (await call('GET', `/crm/prospects?tenant_id=${tenantId}&page=${page}&limit=20`, token)) as { prospects: Array<{ id: string }> } | null;
          const prospect = list?.prospects[tick % Math.max(1, list.prospects.length)];
          if (prospect) await call('POST', '/crm/prospects/change-status', token, { prospect_id: prospect.id, status_id: plain[tick % plain.length] });
        })(),
      );
      if (tick % 2 === 0) fire(call('GET', `/quotations/${quotation.id}/pdf`, token));
      if (tick % 20 === 0) {
        upload += 1;
        fire(call('POST', '/crm/prospects/bulk', token, { tenant_id: tenantId, prospects: uploadRows(1000, upload) }));
      }
      tick += 1;
      await sleep(Math.max(0, started + tick * 1000 - Date.now()));
    }
    await Promise.all(inFlight);
    // The last minute's sample.
    const last = samples.length;
    const deadline = Date.now() + 70_000;
    while (samples.length === last && Date.now() < deadline) await sleep(500);
  } finally {
    await server.stop();
  }

  log(
    `requests ${requests}, errors ${errors}${failures.size ? ` (${[...failures].map(([key, n]) => `${key} x${n}`).join(', ')})` : ''}, uploads of 1,000 rows every 20 s`,
  );
  const from = samples.find((s) => s.minute === 5);
  const to = samples.at(-1);
  if (!from || !to || to.minute <= 5) {
    log('growth after minute 5: not measured (the run is shorter than 6 minutes)');
    return;
  }
  const growth = (a: number, b: number) => ((b - a) / a) * 100;
  const rssGrowth = growth(from.rss, to.rss);
  const heapGrowth = growth(from.heap, to.heap);
  log(
    `growth from minute 5 to minute ${to.minute}: RSS ${MB(from.rss)} -> ${MB(to.rss)} (${rssGrowth.toFixed(1)} %), heap ${MB(from.heap)} -> ${MB(to.heap)} (${heapGrowth.toFixed(1)} %)`,
  );
  log(`target: growth at most 10 % and no error: ${verdict(rssGrowth <= 10 && heapGrowth <= 10 && errors === 0)}`);
}
