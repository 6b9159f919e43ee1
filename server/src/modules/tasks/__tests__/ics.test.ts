import { execFileSync } from 'node:child_process';
import { serverRoot } from '../../../server-paths';
import { calendar } from '../ics';

/**
 * The local day and start of a task as a server in this time zone reads them: a child process
 * (the zone is fixed per process), over the very functions the server uses.
 */
function inZone(zone: string, day: string, time: string, instant: string): { start: string; today: string } {
  const script = `Promise.all([import('./src/modules/tasks/ics.ts'), import('./src/lib/today.ts')]).then(([ics, today]) =>
    console.log(JSON.stringify({ start: ics.localStart('${day}', '${time}').toISOString(), today: today.localDate(new Date('${instant}')) })))`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: serverRoot, env: { ...process.env, TZ: zone }, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** A calendar of one event, and its content lines unfolded (RFC 5545 3.1). */
function oneEvent(summary: string, description = 'x') {
  const text = calendar('CRM tasks', [{ uid: 'task-1@x', start: new Date('2030-01-02T08:30:00Z'), summary, description }], new Date('2030-01-01T00:00:00Z'));
  return { text, lines: text.replace(/\r\n[ \t]/g, '').split('\r\n') };
}

test('text values escape backslash, semicolon, comma and line breaks', () => {
  const { lines } = oneEvent('a\\b;c,d\ne', 'one\r\ntwo\rthree');
  expect(lines).toContain('SUMMARY:a\\\\b\\;c\\,d\\ne');
  expect(lines).toContain('DESCRIPTION:one\\ntwo\\nthree');
});

test('lines fold at 75 octets, never inside a UTF-8 character, and unfold to the same text', () => {
  const summary = 'Café ✓ 📞 '.repeat(30);
  const { text, lines } = oneEvent(summary);
  const parts = text.split('\r\n');
  expect(parts.filter((part) => part.startsWith(' ')).length).toBeGreaterThan(1);
  for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
  // Every part is whole UTF-8: no replacement character once its bytes are read back.
  for (const part of parts) expect(Buffer.from(part, 'utf8').toString('utf8')).not.toContain('\uFFFD');
  expect(lines).toContain(`SUMMARY:${summary}`);
});

test('a calendar is CRLF throughout, with DTSTAMP and DTSTART in UTC', () => {
  const text = calendar(
    'CRM tasks',
    [{ uid: 'task-1@x', start: new Date('2030-01-02T08:30:00Z'), summary: 'Call: a, b', description: 'x' }],
    new Date('2030-01-01T00:00:00Z'),
  );
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  expect(text).toContain('\r\nDTSTART:20300102T083000Z\r\n');
  expect(text).toContain('\r\nDTSTAMP:20300101T000000Z\r\n');
  expect(text).toContain('\r\nSUMMARY:Call: a\\, b\r\n');
});

test('a task’s day and time are the server’s local ones: the same 09:30 is another instant in another zone, and "today" turns at local midnight', () => {
  const lateEvening = '2030-06-30T22:30:00Z';
  expect(inZone('Europe/Paris', '2030-07-01', '09:30', lateEvening)).toEqual({ start: '2030-07-01T07:30:00.000Z', today: '2030-07-01' });
  expect(inZone('America/New_York', '2030-07-01', '09:30', lateEvening)).toEqual({ start: '2030-07-01T13:30:00.000Z', today: '2030-06-30' });
  expect(inZone('UTC', '2030-07-01', '09:30', lateEvening)).toEqual({ start: '2030-07-01T09:30:00.000Z', today: '2030-06-30' });
}, 60_000);
