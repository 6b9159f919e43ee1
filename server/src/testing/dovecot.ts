import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './child-server';

/** Where Debian's dovecot-imapd puts the server (scripts/system-deps.mjs installs it). */
const DOVECOT = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((file) => fs.existsSync(file)) ?? 'dovecot';

export interface ImapUser {
  user: string;
  password: string;
}

export interface Dovecot {
  host: string;
  port: number;
  /** Adds a user (or changes a user's password); resolves once Dovecot has the change (it looks at its passwd-file at most once a second). */
  setUser(user: string, password: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real IMAP server for the tests: Dovecot from Debian, run from a configuration of its own in a
 * temporary folder (its own base_dir, a passwd-file of plain passwords, maildirs), listening on a
 * free port of 127.0.0.1 without TLS. As root, the mail is kept as uid 1 (`first_valid_uid = 1`)
 * and the server's own users are Debian's; otherwise everything runs as the calling user.
 */
export async function startDovecot(users: readonly ImapUser[] = [], options: { port?: number } = {}): Promise<Dovecot> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-dovecot-'));
  const port = options.port ?? (await freePort());
  const me = os.userInfo();
  const asRoot = me.uid === 0;
  const mailUid = asRoot ? 1 : me.uid;
  const mailGid = asRoot ? 1 : me.gid;
  for (const dir of ['run', 'state', 'mail']) fs.mkdirSync(path.join(root, dir), { recursive: true });
  if (asRoot) {
    fs.chmodSync(root, 0o755);
    fs.chownSync(path.join(root, 'mail'), mailUid, mailGid);
  }
  const passwd = path.join(root, 'passwd');
  const entries = new Map<string, string>();
  let version = Math.floor(Date.now() / 1000);
  const writeUsers = () => {
    fs.writeFileSync(passwd, [...entries].map(([user, password]) => `${user}:{PLAIN}${password}::::::\n`).join(''), { mode: 0o644 });
    // Dovecot reads the file again when its modification time (in seconds) changes: each change gets a later one.
    version += 1;
    fs.utimesSync(passwd, version, version);
  };
  for (const { user, password } of users) entries.set(user, password);
  writeUsers();

  const config = path.join(root, 'dovecot.conf');
  fs.writeFileSync(
    config,
    `
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
first_valid_uid = 1
${asRoot ? '' : `default_internal_user = ${me.username}\ndefault_login_user = ${me.username}\ndefault_internal_group = ${me.username}`}
mail_location = maildir:${root}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwd}
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${root}/mail/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );

  let child: ChildProcess | null = spawn(DOVECOT, ['-F', '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child?.once('exit', () => resolve()));

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dovecot did not start: ${errors || readLog(root)}`);
    if (await answers(port)) break;
    if (Date.now() > deadline) throw new Error(`dovecot did not answer on port ${port}: ${errors || readLog(root)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    host: '127.0.0.1',
    port,
    async setUser(user, password) {
      entries.set(user, password);
      writeUsers();
      await new Promise((resolve) => setTimeout(resolve, 1100));
    },
    async stop() {
      const running = child;
      child = null;
      if (running && running.exitCode === null) {
        running.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (running.exitCode === null) running.kill('SIGKILL');
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

function readLog(root: string): string {
  try {
    return fs.readFileSync(path.join(root, 'dovecot.log'), 'utf8').slice(-2000);
  } catch {
    return '(no log)';
  }
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(chunk.toString('utf8').startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Whether this machine can run the test IMAP server. */
export function hasDovecot(): boolean {
  return spawnSync(DOVECOT, ['--version'], { stdio: 'ignore' }).status === 0;
}
