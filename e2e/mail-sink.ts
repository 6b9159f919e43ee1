import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The IMAP login of the browser tests' mailboxes (each test's mailbox signs in with it). */
export const E2E_IMAP_USER = { user: 'e2e-rep', password: 'e2e-rep-password' };

/** Starts one of the server's test servers as a child; resolves once it prints READY. */
async function startChild(script: string, args: string[]): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', script, ...args], {
    cwd: path.resolve(import.meta.dirname, '../server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve();
    });
  });
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  child.removeAllListeners('exit');
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Global setup: a real SMTP server for the run (server/src/testing/mail-sink-cli.ts) on the port
 * SMTP_URL names, what it receives landing in E2E_MAIL_DIR for the tests to read (readMails); and a
 * real IMAP server (Dovecot, server/src/testing/dovecot-cli.ts) on E2E_IMAP_PORT for the mailboxes
 * the tests connect.
 */
export default async function startMailServers(): Promise<() => Promise<void>> {
  // A folder of this run's mail only.
  fs.rmSync(process.env.E2E_MAIL_DIR!, { recursive: true, force: true });
  const sink = await startChild('src/testing/mail-sink-cli.ts', [process.env.E2E_SMTP_PORT!, process.env.E2E_MAIL_DIR!]);
  const imap = await startChild('src/testing/dovecot-cli.ts', [process.env.E2E_IMAP_PORT!, E2E_IMAP_USER.user, E2E_IMAP_USER.password]);
  return async () => {
    await Promise.all([stopChild(sink), stopChild(imap)]);
  };
}
