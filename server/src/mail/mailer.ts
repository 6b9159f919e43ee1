import nodemailer from 'nodemailer';
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

/** Outgoing mail the server sends; tests pass their own to read the link. */
export interface Mailer {
  sendPasswordReset(mail: PasswordResetMail): Promise<void>;
  /** Mails a quotation's link to the client; answers whether it was mailed. */
  sendQuotation?(mail: QuotationMail): Promise<boolean>;
}

function quotationText(mail: QuotationMail): string {
  return [
    `${mail.companyName || 'We'} sent you quotation ${mail.number}${mail.title ? ` (${mail.title})` : ''}.`,
    '',
    `Open it, download it as PDF, and accept or reject it here: ${mail.link}`,
    '',
    `The link works until ${mail.validUntil}.`,
  ].join('\n');
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

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendPasswordReset({ to, link }) {
      await transport.sendMail({ from, to, subject: 'Reset your password', text: resetText(link) });
    },
    async sendQuotation(mail) {
      await transport.sendMail({ from, to: mail.to, subject: `Quotation ${mail.number}`, text: quotationText(mail) });
      return true;
    },
  };
}

/**
 * Without SMTP the link is written to the log so a developer can follow it. This line is the
 * only place a reset token ever appears outside the mail itself.
 */
export function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async sendPasswordReset({ to, link }) {
      log.warn({ to }, `Password reset link (SMTP_URL is not set, so it is logged instead of mailed): ${link}`);
    },
    // The link opens the quotation to anyone who has it, so unlike a reset link it is not logged.
    async sendQuotation({ to, number }) {
      log.warn({ to, number }, 'Quotation link not mailed: SMTP_URL is not set. Copy the link from the quotation instead.');
      return false;
    },
  };
}

export function createMailer(config: { smtpUrl?: string; mailFrom: string }, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : logMailer(log);
}
