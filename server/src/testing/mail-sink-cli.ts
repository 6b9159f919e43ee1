/**
 * The browser tests' SMTP server (e2e/mail-sink.ts starts it): `mail-sink-cli.ts <port> <folder>`
 * receives on the port and writes each mail as <folder>/<n>.json ({ from, to, subject, text }), where
 * the tests, in other processes, read it. Prints READY once it listens; ends on SIGTERM.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from './smtp-sink';

async function main() {
  const [port, folder] = process.argv.slice(2);
  fs.mkdirSync(folder, { recursive: true });
  let count = 0;
  const sink = await startSmtpSink({
    port: Number(port),
    onMail: (mail) => {
      count += 1;
      fs.writeFileSync(path.join(folder, `${String(count).padStart(5, '0')}.json`), JSON.stringify(mail));
    },
  });
  process.stdout.write('READY\n');
  process.on('SIGTERM', () => void sink.stop().finally(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
