import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Global setup: a real SMTP server for the run (server/src/testing/mail-sink-cli.ts) on the port
 * SMTP_URL names; what it receives lands in E2E_MAIL_DIR for the tests to read (readMails).
 */
export default async function startMailSink(): Promise<() => Promise<void>> {
  // A folder of this run's mail only.
  fs.rmSync(process.env.E2E_MAIL_DIR!, { recursive: true, force: true });
  const child = spawn('node', ['--import', 'tsx', 'src/testing/mail-sink-cli.ts', process.env.E2E_SMTP_PORT!, process.env.E2E_MAIL_DIR!], {
    cwd: path.resolve(import.meta.dirname, '../server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the mail sink exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve();
    });
  });
  return async () => {
    child.removeAllListeners('exit');
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}
