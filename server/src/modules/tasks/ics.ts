import { format } from 'date-fns/format';

/** One event of a feed: a task with its start as an instant. */
export interface IcsEvent {
  uid: string;
  start: Date;
  summary: string;
  description: string;
}

/** RFC 5545 3.3.11: a TEXT value escapes backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 3.1: a content line longer than 75 octets is folded (CRLF and one space), never inside
 * a UTF-8 character, so the text reads back byte for byte.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An instant as an iCalendar UTC date-time (YYYYMMDDTHHMMSSZ). */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The calendar, each line folded and ended with CRLF; each event lasts 30 minutes. */
export function calendar(name: string, events: IcsEvent[], now: Date): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Orbitra Group//CRM tasks//EN', 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${escapeText(name)}`];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(new Date(event.start.getTime() + 30 * 60_000))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A task's day and time in the server's time zone (the CRM's "today") as an instant. */
export function localStart(day: string, time: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(year, month - 1, date, hours, minutes);
}

/** Kept for readers of a feed: the local time a task was set for. */
export const localTimeLabel = (start: Date) => format(start, 'yyyy-MM-dd HH:mm');
