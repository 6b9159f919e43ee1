/**
 * The browser tests' IMAP server (e2e/mail-sink.ts starts it): `dovecot-cli.ts <port> <user> <password>`
 * runs Dovecot (testing/dovecot.ts) on the port with that one user. Prints READY once it answers;
 * ends (and removes its folder) on SIGTERM.
 */
import { startDovecot } from './dovecot';

async function main() {
  const [port, user, password] = process.argv.slice(2);
  const dovecot = await startDovecot([{ user, password }], { port: Number(port) });
  process.stdout.write('READY\n');
  process.on('SIGTERM', () => void dovecot.stop().finally(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
