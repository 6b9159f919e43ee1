import os from 'node:os';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** Seconds of load before the measured run, so caches and JIT are warm. */
  warmupSeconds?: number;
}

export interface LoadResult {
  /** Response times of the 2xx answers, ms, sorted. */
  times: Float64Array;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * autocannon against one URL. Percentiles come from every response time (autocannon's own
 * summary has no p95), requests per second from the completed 2xx responses over the run.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const base = { url: options.url, headers: options.headers ?? {}, connections: options.connections };
  if (options.warmupSeconds) await autocannon({ ...base, duration: options.warmupSeconds });
  const times: number[] = [];
  const instance = autocannon({ ...base, duration: options.seconds });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await instance;
  const sorted = Float64Array.from(times).sort();
  const seconds = result.duration || options.seconds;
  return {
    times: sorted,
    seconds,
    rps: times.length / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    requests: times.length,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Runs of the same scenario taken as one: requests over the summed time, percentiles over all answers. */
export function mergeLoads(runs: LoadResult[]): LoadResult {
  const times = Float64Array.from(runs.flatMap((run) => Array.from(run.times))).sort();
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    times,
    seconds,
    rps: times.length / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    requests: times.length,
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

export function formatLoad(label: string, result: LoadResult): string {
  const failures = result.non2xx || result.errors ? `  non-2xx ${result.non2xx} errors ${result.errors}` : '';
  return `${label.padEnd(52)} ${String(Math.round(result.rps)).padStart(6)} req/s  p50 ${ms(result.p50).padStart(9)}  p95 ${ms(result.p95).padStart(9)}  p99 ${ms(result.p99).padStart(9)}${failures}`;
}

/** MET or MISSED beside a target, so the printout says which targets hold. */
export function verdict(ok: boolean): string {
  return ok ? 'MET' : 'MISSED';
}

/** The machine's load average (1, 5, 15 min): a shared machine's load moves the figures, so runs print it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The 1-minute load average, sampled every 5 s while something is measured. */
export interface LoadWatch {
  samples: number[];
  stop(): number[];
}

export function watchLoad(): LoadWatch {
  const samples = [os.loadavg()[0]];
  const timer = setInterval(() => samples.push(os.loadavg()[0]), 5000);
  timer.unref();
  return {
    samples,
    stop() {
      clearInterval(timer);
      samples.push(os.loadavg()[0]);
      return samples;
    },
  };
}

/** "mean 3.10, max 5.02 (2 cores)" of load-average samples. */
export function describeLoad(samples: number[]): string {
  if (samples.length === 0) return 'not sampled';
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  return `mean ${mean.toFixed(2)}, max ${Math.max(...samples).toFixed(2)} (${os.cpus().length} cores)`;
}
