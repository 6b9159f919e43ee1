import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '..', '..');

/**
 * The database of the release server this test file started (startServer): the release commands
 * change the manifest in it, as they change the one of the server they deploy to.
 */
let releaseDataDir = '';

/** `pnpm release|promote|rollback|releases …` against one CDN folder and the release server's database: exit code and output. */
export function releaseTool(cdnDir: string, ...args: string[]): { status: number; output: string } {
  try {
    const output = execFileSync(process.execPath, [path.join(REPO, 'scripts', 'release', 'cli.mjs'), ...args], {
      cwd: REPO,
      env: { ...process.env, CDN_DIR: cdnDir, DATABASE_URL: '', DATA_DIR: releaseDataDir },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** The same as releaseTool, without blocking: the test goes on while it runs. */
export function releaseToolInBackground(cdnDir: string, ...args: string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO, 'scripts', 'release', 'cli.mjs'), ...args], {
      cwd: REPO,
      env: { ...process.env, CDN_DIR: cdnDir, DATABASE_URL: '', DATA_DIR: releaseDataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ status: code ?? 1, output }));
  });
}

/** sha256 of every file of a build the server serves: all but dotfiles (the build's .vite/ folder). */
export function servableFiles(dir: string): Record<string, string> {
  return Object.fromEntries(Object.entries(hashFiles(dir)).filter(([relative]) => !relative.split(path.sep).some((part) => part.startsWith('.'))));
}

/** Every file of a build the server serves, its bytes as the server sends them at `prefix` (not compressed on the way: the .br and .gz are asked for by name). */
export async function servedFiles(baseUrl: string, prefix: string, dir: string): Promise<Record<string, string>> {
  const served: Record<string, string> = {};
  for (const relative of Object.keys(servableFiles(dir)).sort()) {
    const response = await fetch(`${baseUrl}${prefix}${relative.split(path.sep).join('/')}`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await response.arrayBuffer());
    served[relative] = response.ok ? createHash('sha256').update(body).digest('hex') : `HTTP ${response.status}`;
  }
  return served;
}

/** Each file's sha256 and modification time: a folder left untouched keeps both. */
export function fileStamps(dir: string): Record<string, string> {
  return Object.fromEntries(Object.entries(hashFiles(dir)).map(([relative, hash]) => [relative, `${hash} ${fs.statSync(path.join(dir, relative)).mtimeMs}`]));
}

/** sha256 of every file under a folder, by relative path. */
export function hashFiles(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, file)] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return hashes;
}

/**
 * Builds the marketing remote from a temporary copy of its sources with one file changed, so the
 * tracked sources are never touched. The copy sits at the same depth as in the repository (its
 * tsconfig extends ../../tsconfig.base.json) and uses the remote's installed node_modules.
 */
export function buildChangedMarketing(file: string, change: (source: string) => string): { dist: string; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-marketing-copy-'));
  const original = path.join(REPO, 'remotes', 'marketing');
  const copy = path.join(root, 'remotes', 'marketing');
  fs.cpSync(original, copy, { recursive: true, filter: (source) => !/[/\\](node_modules|dist)$/.test(source) });
  fs.symlinkSync(path.join(original, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  fs.symlinkSync(path.join(REPO, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
  const target = path.join(copy, file);
  const before = fs.readFileSync(target, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`The change to ${file} matched nothing; the test needs updating.`);
  fs.writeFileSync(target, after);
  execFileSync(path.join(copy, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], { cwd: copy, stdio: 'pipe' });
  return { dist: path.join(copy, 'dist'), remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/**
 * A server of the built app on its own port, embedded database and CDN folder, so promotions here
 * change nothing for other tests. The release commands find the manifest in that server's embedded
 * database through its data folder, as they do beside `npm start`.
 */
export async function startServer(port: number, cdnDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-e2e-release-data-'));
  releaseDataDir = dataDir;
  const child: ChildProcess = spawn('pnpm', ['--filter', '@app/server', 'start'], {
    cwd: REPO,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CDN_DIR: cdnDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`The release test's server did not start on ${url}`);
}
