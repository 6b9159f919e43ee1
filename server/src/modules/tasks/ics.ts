import { format } from 'date-fns/format';
import ical from 'ical-generator';

/** One event of a feed: a task with its start as an instant. */
export interface IcsEvent {
  uid: string;
  start: Date;
  summary: string;
  description: string;
}

/** How long each event lasts: a task has a start, not an end. */
const EVENT_MINUTES = 30;

/**
 * The calendar as RFC 5545 text, written by ical-generator: it escapes TEXT values, folds lines at
 * 75 octets without splitting a UTF-8 character, writes instants in UTC and ends lines with CRLF.
 */
export function calendar(name: string, events: IcsEvent[], now: Date): string {
  const feed = ical({ name, prodId: { company: 'Orbitra Group', product: 'CRM tasks', language: 'EN' }, scale: 'GREGORIAN' });
  for (const event of events) {
    feed.createEvent({
      id: event.uid,
      stamp: now,
      start: event.start,
      end: new Date(event.start.getTime() + EVENT_MINUTES * 60_000),
      summary: event.summary,
      description: event.description,
    });
  }
  // RFC 5545 3.1 ends every content line with CRLF, the last one too; the library leaves it off.
  return `${feed.toString()}\r\n`;
}

/** A task's day and time in the server's time zone (the CRM's "today") as an instant. */
export function localStart(day: string, time: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(year, month - 1, date, hours, minutes);
}

/** Kept for readers of a feed: the local time a task was set for. */
export const localTimeLabel = (start: Date) => format(start, 'yyyy-MM-dd HH:mm');
