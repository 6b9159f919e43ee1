import { SMTPServer } from 'smtp-server';
import { freePort } from './child-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The message as it arrived. */
  raw: string;
  /** Who logged in to send it (a mailbox's user), if anyone did. */
  user?: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Starts answering on the port (again). */
  start(): Promise<void>;
  /** Stops answering: connections are refused, as with a server that is down. */
  stop(): Promise<void>;
  /** Refuse every recipient with this answer (null: accept again). */
  refuseWith(answer: { code: number; message: string } | null): void;
  /** Resolves once `count` mails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const text = /quoted-printable/i.test(header('Content-Transfer-Encoding')) ? decodeQuotedPrintable(body) : body;
  return { from, to, subject: header('Subject'), text: text.replace(/\r\n/g, '\n').trim(), raw };
}

export interface SmtpSinkOptions {
  /** Default: a free one. */
  port?: number;
  /** Called with each mail as it arrives. */
  onMail?: (mail: ReceivedMail) => void;
  /** Logins it takes (user → password), over a connection without TLS as the tests' mailboxes use; without: no AUTH. */
  users?: Record<string, string>;
}

/** A real SMTP server (the smtp-server package) on a local port, keeping what it receives. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const port = options.port ?? (await freePort());
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  let server: SMTPServer | null = null;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: options.users ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      allowInsecureAuth: Boolean(options.users),
      logger: false,
      onAuth(auth, _session, callback) {
        if (options.users && options.users[auth.username ?? ''] === auth.password) return callback(null, { user: auth.username });
        const error = new Error('Invalid username or password') as Error & { responseCode: number };
        error.responseCode = 535;
        return callback(error);
      },
      onRcptTo(_address, _session, callback) {
        if (!refusal) return callback();
        const error = new Error(refusal.message) as Error & { responseCode: number };
        error.responseCode = refusal.code;
        return callback(error);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const mail = parse(
            Buffer.concat(chunks).toString('utf8'),
            from,
            session.envelope.rcptTo.map((r) => r.address),
          );
          if (session.user) mail.user = String(session.user);
          received.push(mail);
          options.onMail?.(mail);
          callback();
        });
      },
    });

  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    async start() {
      if (server) return;
      server = make();
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    refuseWith(answer) {
      refusal = answer;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${count} mails expected within ${timeoutMs} ms, ${received.length} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
  };
  await sink.start();
  return sink;
}
