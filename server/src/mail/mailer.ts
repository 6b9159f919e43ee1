import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { FastifyBaseLogger } from 'fastify';

export interface PasswordResetMail {
  to: string;
  link: string;
}

export interface QuotationMail {
  to: string;
  number: string;
  title: string;
  companyName: string;
  link: string;
  validUntil: string;
}

export interface ExpiryNoticeMail {
  to: string;
  number: string;
  title: string;
  clientName: string;
  validUntil: string;
}

/** A notification a user asked to have mailed too: its sentence and where it leads in the app. */
export interface NotificationMail {
  to: string;
  text: string;
  link: string;
}

/**
 * A mail a user wrote on a record: it goes out through their own mailbox (modules/record-mails),
 * built when it was written; the outbox keeps only which one it is.
 */
export interface RecordMailDelivery {
  to: string;
  tenantId: string;
  mailId: string;
}

/** Every mail the server sends, as the outbox keeps it (src/mail/outbox-repository.ts). */
export type OutboundMail =
  | ({ kind: 'record_mail' } & RecordMailDelivery)
  | ({ kind: 'password_reset' } & PasswordResetMail)
  | ({ kind: 'quotation' } & QuotationMail)
  | ({ kind: 'quotation_reminder' } & QuotationMail)
  | ({ kind: 'quotation_expired' } & ExpiryNoticeMail)
  | ({ kind: 'notification' } & NotificationMail);

/** Delivers one mail; throws with the SMTP server's answer when it is not taken. Tests pass their own. */
export interface Mailer {
  /** false without SMTP_URL: nothing can be delivered, and the outbox says so. */
  configured: boolean;
  deliver(mail: OutboundMail): Promise<void>;
}

/** A refusal that trying again will not change (a 5xx answer): the mail fails at once. */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500;
}

/** What a failed delivery is remembered by: the SMTP server's answer when there was one. */
export function mailErrorText(error: unknown): string {
  const answer = (error as { response?: unknown } | null)?.response;
  if (typeof answer === 'string' && answer) return answer.slice(0, 1000);
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

function quotationText(mail: QuotationMail, reminder: boolean): string {
  const opening = reminder
    ? `A reminder: quotation ${mail.number}${mail.title ? ` (${mail.title})` : ''} from ${mail.companyName || 'us'} is waiting for your answer.`
    : `${mail.companyName || 'We'} sent you quotation ${mail.number}${mail.title ? ` (${mail.title})` : ''}.`;
  return [opening, '', `Open it, download it as PDF, and accept or reject it here: ${mail.link}`, '', `The link works until ${mail.validUntil}.`].join('\n');
}

function resetText(link: string): string {
  return [
    'Someone asked to reset the password of your Orbitra account.',
    '',
    `To choose a new password, open this link within one hour: ${link}`,
    '',
    'If it was not you, ignore this message; your password stays as it is.',
  ].join('\n');
}

/** The subject and text of a mail. */
export function renderMail(mail: OutboundMail): { subject: string; text: string } {
  switch (mail.kind) {
    case 'password_reset':
      return { subject: 'Reset your password', text: resetText(mail.link) };
    case 'quotation':
      return { subject: `Quotation ${mail.number}`, text: quotationText(mail, false) };
    case 'quotation_reminder':
      return { subject: `Reminder: quotation ${mail.number}`, text: quotationText(mail, true) };
    case 'notification':
      return {
        subject: mail.text.length > 120 ? `${mail.text.slice(0, 117)}...` : mail.text,
        text: [mail.text, '', `Open it in Orbitra: ${mail.link}`, '', 'You get this mail because you asked for it in the notification settings.'].join('\n'),
      };
    case 'record_mail':
      // Built when written and sent through the user's mailbox (modules/record-mails/delivery.ts), never rendered here.
      throw new Error('a record mail is sent through its mailbox');
    case 'quotation_expired':
      return {
        subject: `${mail.number} expired without a decision`,
        text: [
          `Quotation ${mail.number}${mail.title ? ` (${mail.title})` : ''} for ${mail.clientName || 'the client'} expired on ${mail.validUntil} without a decision.`,
          '',
          'Edit it to extend its validity and send it again, or duplicate it.',
        ].join('\n'),
      };
  }
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Short timeouts: a slow server makes an attempt fail and come back later, never hold the worker.
  const options: SMTPTransport.Options & { url: string } = { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  const transport = nodemailer.createTransport(options);
  return {
    configured: true,
    async deliver(mail) {
      await transport.sendMail({ from, to: mail.to, ...renderMail(mail) });
    },
  };
}

/**
 * Without SMTP a password reset link is written to the log so a developer can follow it. This line
 * is the only place a reset token ever appears outside the mail itself. A quotation's link opens it
 * to anyone who has it, so unlike a reset link it is not logged.
 */
export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    configured: false,
    async deliver(mail) {
      if (mail.kind === 'password_reset') {
        log.warn({ to: mail.to }, `Password reset link (SMTP_URL is not set, so it is logged instead of mailed): ${mail.link}`);
      } else if (mail.kind === 'quotation') {
        log.warn({ to: mail.to, number: mail.number }, 'Quotation link not mailed: SMTP_URL is not set. Copy the link from the quotation instead.');
      } else if (mail.kind === 'notification' || mail.kind === 'record_mail') {
        log.warn({ to: mail.to, kind: mail.kind }, 'Mail not sent: SMTP_URL is not set.');
      } else {
        log.warn({ to: mail.to, number: mail.number, kind: mail.kind }, 'Mail not sent: SMTP_URL is not set.');
      }
    },
  };
}

export function createMailer(config: { smtpUrl?: string; mailFrom: string }, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : logMailer(log);
}
