import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../../server-paths';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
const entries = journal.entries;

// 0030 and 0031 were never written, and databases in use have applied the numbers after them:
// renumbering would make the migrator see new migrations. From 0041 on, no number is skipped.
const CONTIGUOUS_FROM = 41;

describe('the migration journal', () => {
  test('numbers run on without a gap from 0041', () => {
    const numbers = entries.map((entry) => entry.idx).filter((idx) => idx >= CONTIGUOUS_FROM);
    expect(numbers[0]).toBe(CONTIGUOUS_FROM);
    expect(numbers).toEqual(numbers.map((_, index) => CONTIGUOUS_FROM + index));
  });

  test('numbers only grow, and each tag starts with its number', () => {
    for (const [index, entry] of entries.entries()) {
      expect(entry.tag.startsWith(`${String(entry.idx).padStart(4, '0')}_`)).toBe(true);
      if (index > 0) expect(entry.idx).toBeGreaterThan(entries[index - 1].idx);
    }
  });

  test("times only grow: the migrator skips a migration whose time is not after the database's last one", () => {
    for (let index = 1; index < entries.length; index += 1) expect(entries[index].when).toBeGreaterThan(entries[index - 1].when);
  });

  test('every entry has its SQL file, and every SQL file its entry', () => {
    const files = fs.readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql'));
    expect(files.sort()).toEqual(entries.map((entry) => `${entry.tag}.sql`).sort());
  });
});
