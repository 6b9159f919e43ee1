import { mailboxPreset, type EmailProvider, type MailSecurity } from '@app/shared/contracts';

/** A mailbox's servers as the table keeps them. */
export interface StoredServers {
  imapHost: string | null;
  imapPort: number | null;
  imapSecurity: string | null;
  smtpHost: string | null;
  smtpPort: number | null;
  smtpSecurity: string | null;
  saveSent: boolean;
}

interface ServerInput {
  provider: EmailProvider;
  imap_host?: string;
  imap_port?: number;
  imap_security?: MailSecurity;
  smtp_host?: string;
  smtp_port?: number;
  smtp_security?: MailSecurity;
  save_sent?: boolean;
}

/** The servers a save or a check uses: those given, else the provider's preset (the contract requires them for `other`). */
export function serversOf(input: ServerInput): StoredServers {
  const preset = mailboxPreset(input.provider);
  return {
    imapHost: input.imap_host ?? preset?.imap_host ?? null,
    imapPort: input.imap_port ?? preset?.imap_port ?? null,
    imapSecurity: input.imap_security ?? preset?.imap_security ?? 'tls',
    smtpHost: input.smtp_host ?? preset?.smtp_host ?? null,
    smtpPort: input.smtp_port ?? preset?.smtp_port ?? null,
    smtpSecurity: input.smtp_security ?? preset?.smtp_security ?? 'tls',
    saveSent: input.save_sent ?? preset?.save_sent ?? true,
  };
}
