import { getTableColumns, type Table } from 'drizzle-orm';
import { leads, pipelineStages, prospects, statusOptions } from '../../../db/schema';
import { COMPANY_JOINS, jsonColumns, type CompanyTable } from '../company-page';

/*
 * The answer's select list (jsonColumns, with each table's own fields) and its joins are SQL text,
 * written so for the list's speed (company-page.ts). Every column they name must be a column of the
 * table its alias stands for in the schema: a column renamed or dropped there fails here, by name,
 * rather than as a 500 of the busiest call.
 */

const TABLES: Record<CompanyTable, Table> = { prospects, leads };

/** The database names of a table's columns. */
const columnsOf = (table: Table) => new Set(Object.values(getTableColumns(table)).map((column) => column.name));

/** Every `alias.column` the text names, for the given aliases. */
function named(text: string, aliases: readonly string[]): Array<{ alias: string; column: string }> {
  const found = text.matchAll(new RegExp(`\\b(${aliases.join('|')})\\.([a-z_][a-z0-9_]*)\\b`, 'g'));
  return [...found].map((match) => ({ alias: match[1]!, column: match[2]! }));
}

describe.each(['prospects', 'leads'] as const)('the %s answer names only columns the schema has', (table) => {
  const aliases: Record<string, Table> = { t: TABLES[table], s: statusOptions, g: pipelineStages };
  const text = `${jsonColumns(table)} ${COMPANY_JOINS}`;
  const references = named(text, Object.keys(aliases));

  test('it names the record, its status and its stage', () => {
    expect(new Set(references.map((reference) => reference.alias))).toEqual(new Set(['t', 's', 'g']));
  });

  test('every column it names exists', () => {
    const missing = references.filter(({ alias, column }) => !columnsOf(aliases[alias]!).has(column));
    expect(missing).toEqual([]);
  });
});

test('a column missing from the schema is caught', () => {
  expect(named('select t.nonexistent_column from prospects t', ['t']).filter(({ column }) => !columnsOf(prospects).has(column))).toEqual([
    { alias: 't', column: 'nonexistent_column' },
  ]);
});
