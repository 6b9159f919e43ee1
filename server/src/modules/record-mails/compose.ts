import crypto from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';

export interface ComposedMail {
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  /** The mail it answers and the conversation's earlier Message-IDs (without brackets). */
  inReplyTo: string | null;
  references: string[];
  date: Date;
}

/** A new Message-ID (without brackets) on the sender's domain, unique to this mail. */
export function newMessageId(fromAddress: string): string {
  const domain = fromAddress.split('@')[1] || 'orbitra.invalid';
  return `${crypto.randomUUID()}@${domain}`;
}

/**
 * The mail as it goes out, once and for all: built when it is written (with its Message-ID and
 * date), so every try of the outbox sends the very same message, and the same bytes are put in
 * the mailbox's Sent folder and kept as the original. Plain text only. nodemailer's composer
 * encodes every header, so a subject or name can never add a header of its own.
 */
export async function composeMail(mail: ComposedMail, messageId: string): Promise<Buffer> {
  const composer = new MailComposer({
    from: { name: mail.from.name, address: mail.from.address },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    messageId: `<${messageId}>`,
    date: mail.date,
    ...(mail.inReplyTo ? { inReplyTo: `<${mail.inReplyTo}>` } : {}),
    ...(mail.references.length ? { references: mail.references.map((id) => `<${id}>`) } : {}),
    textEncoding: 'quoted-printable',
  });
  return composer.compile().build();
}
