#!/usr/bin/env node
// Runs pnpm whether or not it is installed globally: a fresh machine has only node and npm.
import { spawnSync } from 'node:child_process';

export const PNPM_VERSION = '12.21.0';

function hasGlobalPnpm() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return probe.status === 0 && probe.stdout.trim().split('.')[0] === PNPM_VERSION.split('.')[0];
}

let useGlobal;
export function pnpm(args, options = {}) {
  useGlobal ??= hasGlobalPnpm();
  const [cmd, cmdArgs] = useGlobal ? ['pnpm', args] : ['npx', ['--yes', `pnpm@${PNPM_VERSION}`, ...args]];
  const result = spawnSync(cmd, cmdArgs, { stdio: 'inherit', shell: process.platform === 'win32', ...options });
  return result.status ?? 1;
}

export function pnpmOrExit(args, options) {
  const status = pnpm(args, options);
  if (status !== 0) process.exit(status);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(pnpm(process.argv.slice(2)));
}
