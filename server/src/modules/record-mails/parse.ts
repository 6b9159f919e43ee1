import crypto from 'node:crypto';
import { convert } from 'html-to-text';
import { simpleParser, type AddressObject } from 'mailparser';
import { stripDirectionControls } from '@app/shared/contracts';
import type { MailAddress, MailAttachment } from '../../db/schema';

/** The most of a mail's text the app keeps and shows; the rest is in the original. */
export const MAIL_BODY_KEPT = 100_000;
/** The largest original kept for download; a larger mail keeps its text and list of attachments only. */
export const MAIL_ORIGINAL_KEPT = 20 * 1024 * 1024;
const HEADER_KEPT = 998;
const MESSAGE_ID_KEPT = 500;
const ADDRESSES_KEPT = 50;
const ATTACHMENTS_KEPT = 100;

// Unpaired UTF-16 surrogates: never kept (nor control characters other than tab and line feed).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A mail's text as the app keeps it: plain text, line feeds only, no control characters or unpaired surrogates. */
export function sanitizeText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n');
  let kept = '';
  for (let i = 0; i < lines.length; i += 1) {
    const code = lines.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || (code >= 0x20 && code !== 0x7f)) kept += lines[i];
  }
  return kept.replace(LONE_SURROGATE, '\uFFFD');
}

/** A one-line value (subject, name, file name): its line breaks and direction overrides gone, and bounded. */
export function sanitizeLine(text: string, max = HEADER_KEPT): string {
  // Direction overrides make a name or subject read otherwise than it is written (a file "gpj.exe" shown as "exe.jpg").
  return stripDirectionControls(sanitizeText(text).replace(/[\n\t]+/g, ' '))
    .trim()
    .slice(0, max);
}

/** A Message-ID as compared: without its brackets, trimmed, bounded. */
export function bareMessageId(id: string): string {
  return sanitizeLine(id, MESSAGE_ID_KEPT + 2)
    .replace(/^<|>$/g, '')
    .trim()
    .slice(0, MESSAGE_ID_KEPT);
}

/** The Message-IDs a References or In-Reply-To header lists. */
function messageIds(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? (value.match(/<[^<>]+>/g) ?? [value]) : [];
  return list.map(bareMessageId).filter(Boolean);
}

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = Array.isArray(value) ? value : value ? [value] : [];
  const out: MailAddress[] = [];
  const add = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) add(entry.group);
      else if (entry.address) out.push({ address: sanitizeLine(entry.address, 320).toLowerCase(), name: sanitizeLine(entry.name ?? '', 200) });
    }
  };
  for (const object of objects) add(object.value);
  return out.slice(0, ADDRESSES_KEPT);
}

/** The words of an HTML part (html-to-text): scripts, styles and images dropped, links written out. */
function htmlAsText(html: string): string {
  return convert(html.slice(0, 2 * 1024 * 1024), { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });
}

/** A mail as the app keeps it: sanitized text and headers, attachments listed, never any HTML. */
export interface ParsedMail {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  subject: string;
  body: string;
  bodyTruncated: boolean;
  attachments: MailAttachment[];
  date: Date | null;
}

/**
 * Reads a raw mail (mailparser). The text is the plain part, or the words of the HTML part when
 * there is none (html-to-text); the HTML itself is dropped, and nothing of the mail is ever
 * rendered as markup. A mail without a Message-ID is named by a digest of its bytes.
 */
export async function parseMail(raw: Buffer): Promise<ParsedMail> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const text = sanitizeText(parsed.text ?? (typeof parsed.html === 'string' ? htmlAsText(parsed.html) : '')).trim();
  const from = addresses(parsed.from)[0] ?? { address: '', name: '' };
  const messageId = parsed.messageId ? bareMessageId(parsed.messageId) : '';
  return {
    messageId: messageId || `${crypto.createHash('sha256').update(raw).digest('hex')}@orbitra.invalid`,
    inReplyTo: messageIds(parsed.inReplyTo)[0] ?? null,
    references: messageIds(parsed.references).slice(-50),
    from,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    subject: sanitizeLine(parsed.subject ?? ''),
    body: text.slice(0, MAIL_BODY_KEPT),
    bodyTruncated: text.length > MAIL_BODY_KEPT,
    attachments: parsed.attachments.slice(0, ATTACHMENTS_KEPT).map((attachment) => ({
      filename: sanitizeLine(attachment.filename ?? 'attachment', 255) || 'attachment',
      content_type: sanitizeLine(attachment.contentType ?? 'application/octet-stream', 255),
      size: attachment.size ?? attachment.content?.length ?? 0,
    })),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null,
  };
}
