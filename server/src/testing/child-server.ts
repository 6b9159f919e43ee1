import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../lib/free-port';
import { testServerUrl } from './test-db';
import { serverRoot } from '../server-paths';

export { freePort };

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const CSRF = 'child-server-csrf-token-0123456789abcdef';

interface CallOptions {
  method?: string;
  path: string;
  token?: string;
  body?: unknown;
  agent?: http.Agent;
  /** Sent as well, over the defaults (the bench's signed-in callers send their own). */
  headers?: Record<string, string>;
}

interface OpenCall {
  request: http.ClientRequest;
  payload: string;
  answer: Promise<HttpAnswer>;
}

function openCall(port: number, options: CallOptions): OpenCall {
  const payload = options.body === undefined ? '' : JSON.stringify(options.body);
  let request!: http.ClientRequest;
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: options.agent ?? false,
        headers: {
          cookie: `csrftoken=${CSRF}`,
          'x-csrftoken': CSRF,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          // A bodiless call says so; sent chunked, the server would see a body without a type (415).
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : { 'content-length': 0 }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
  return { request, payload, answer };
}

/**
 * An HTTP request to the child whose body is sent in two halves: the second only when `finish` is
 * called, so the request is in flight for as long as the caller likes. The answer rejects with the
 * socket's error (ECONNRESET, ECONNREFUSED) if there is none.
 */
export function startCall(port: number, options: CallOptions): { answer: Promise<HttpAnswer>; finish: () => void } {
  const { request, payload, answer } = openCall(port, options);
  const half = Math.floor(payload.length / 2);
  if (half > 0) request.write(payload.slice(0, half));
  else request.flushHeaders();
  return { answer, finish: () => request.end(payload.slice(half)) };
}

/** One HTTP request to the child, sent whole in one write. */
export function call(port: number, options: CallOptions): Promise<HttpAnswer> {
  const { request, payload, answer } = openCall(port, options);
  request.end(payload);
  return answer;
}

/** A database for a child server: a database of its own on the suite's server. */
export interface ChildDatabase {
  env: NodeJS.ProcessEnv;
  /** Rows of a query against it, as the owner. */
  query<T>(text: string): Promise<T[]>;
  dispose(): Promise<void>;
}

export async function childDatabase(): Promise<ChildDatabase> {
  const serverUrl = testServerUrl();
  const name = `orbitra_child_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  await run(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    query: (text) => run(url.toString(), text),
    dispose: async () => void (await run(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

export interface ChildServer {
  process: ChildProcess;
  port: number;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real server as a child process, started as `pnpm start` starts it (node with the tsx loader,
 * no tsx wrapper process in between), answering on its port.
 */
export async function startChildServer(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ChildServer> {
  const port = await freePort();
  const nowhere = path.join(os.tmpdir(), 'orbitra-no-build');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      SHELL_DIST: path.join(nowhere, 'shell'),
      REMOTES_DIR: path.join(nowhere, 'remotes'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited while starting:\n${output.join('')}`);
    const answer = await call(port, { path: '/api/v1/health' }).catch(() => null);
    if (answer?.status === 200) return { process: child, port, output, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves once the child has written `text` to its output. */
export async function waitForOutput(server: ChildServer, text: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output.join('').includes(text)) {
    if (Date.now() > deadline) throw new Error(`"${text}" not seen within ${timeoutMs} ms:\n${server.output.join('').slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
