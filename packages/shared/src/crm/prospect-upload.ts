import type { z } from 'zod';
import {
  COMPANY_FIELD_LABELS,
  COMPANY_LIMITS,
  MAX_BULK_ROWS,
  prospectUploadRowSchema,
  prospectUploadValuesSchema,
  type BulkRowError,
  type BulkRowWarning,
  type CompanyField,
  type RequiredCompanyField,
} from '../contracts/prospects';
import { phoneInvalidDetail, readPhones } from '../contracts/phones';
import { isUnsafeText, stripUnsafeText, unsafeTextDetail } from '../contracts/unsafe-text';

/** The capitalised keys of an upload file's records and the company fields they fill. */
export const UPLOAD_FIELD_MAP = {
  Name: 'name',
  Email: 'email',
  Phone1: 'phone1',
  Phone2: 'phone2',
  Phone3: 'phone3',
  Industry: 'industry',
  City: 'city',
  Website: 'website',
  anchor_href_link: 'anchor_href_link',
  Manager: 'manager',
  Employees: 'employees',
  'Founding Date': 'founding_date',
  Address: 'address',
  description: 'description',
} as const satisfies Record<string, CompanyField>;

export type UploadKey = (typeof UPLOAD_FIELD_MAP)[keyof typeof UPLOAD_FIELD_MAP];

/** A key or column name reduced to lowercase letters and digits, accents dropped: 'E-mail', 'e mail' and 'Émail' read the same. */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Each field by the names a file's key may give it, however written: its own (founding_date), the template's (Founding Date) and its label (Founding year). */
const FIELD_BY_NAME = new Map<string, CompanyField>();
for (const [templateName, field] of Object.entries(UPLOAD_FIELD_MAP)) {
  for (const name of [field, templateName, COMPANY_FIELD_LABELS[field]]) FIELD_BY_NAME.set(headerKey(name), field);
}

/**
 * The field each key of a file's records fills, or null: worked out once per distinct key, as a
 * 50,000-row file repeats the same few keys (a hostile file with endless new keys stops filling it).
 */
const fieldOfKey = new Map<string, CompanyField | null>();
const KEYS_REMEMBERED = 10_000;

/** The company field a key of a file's record fills, matched the same way for every field; null when it names none (or holds text no field may hold). */
export function uploadKeyField(key: string): CompanyField | null {
  let field = fieldOfKey.get(key);
  if (field === undefined) {
    field = isUnsafeText(key) ? null : (FIELD_BY_NAME.get(headerKey(key)) ?? null);
    if (fieldOfKey.size < KEYS_REMEMBERED) fieldOfKey.set(key, field);
  }
  return field;
}

export type UploadItem = Record<RequiredCompanyField, string> & Partial<Record<Exclude<UploadKey, RequiredCompanyField>, string>>;

export const PREVIEW_ROWS = 5;
const INDUSTRY_MAX = COMPANY_LIMITS.industry;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(', ');
  if (typeof value === 'object') return '';
  return String(value).trim();
}

const isPlaceholderEmail = (email: string) => {
  const lower = email.toLowerCase();
  return lower.includes('protected') || lower.includes('*') || lower.includes('not provided') || lower === 'n/a';
};

/**
 * Scraped addresses often come as '[email protected]' or with asterisks: placeholders, not addresses,
 * so they are dropped, as is text without an @. Anything else with an @ is kept for the contract to judge.
 */
export function cleanEmail(value: unknown): string | undefined {
  const email = text(value);
  if (!email || !email.includes('@') || isPlaceholderEmail(email)) return undefined;
  return email;
}

/** Industry over 100 characters is cut to 97 plus an ellipsis; a JSON-encoded list is shown comma-joined. */
export function cleanIndustry(value: unknown): string | undefined {
  let industry = text(value);
  if (industry.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(industry);
      if (Array.isArray(parsed)) industry = text(parsed);
    } catch {
      /* not JSON: keep the text as it is */
    }
  }
  if (!industry) return undefined;
  return industry.length > INDUSTRY_MAX ? `${industry.slice(0, INDUSTRY_MAX - 3)}...` : industry;
}

/**
 * Reduces a founding date to a four-digit year, or drops it: a plain year is kept, text with
 * 'Established' gives its first four digits, another date gives its year, anything else is dropped.
 */
export function cleanFoundingYear(value: unknown): string | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  if (/^\d{4}$/.test(raw)) return raw;
  if (/established/i.test(raw)) return raw.match(/\d{4}/)?.[0];
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) return undefined;
  // Take the year as written where there is one, so a time zone never shifts 1 January into the year before.
  return raw.match(/\b(1[5-9]\d{2}|2\d{3})\b/)?.[1] ?? String(date.getFullYear());
}

const PLACEHOLDER_DESCRIPTION = /n\/a|not provided|placeholder/i;

export function cleanDescription(value: unknown): string | undefined {
  const description = text(value);
  if (!description || PLACEHOLDER_DESCRIPTION.test(description)) return undefined;
  return description;
}

/**
 * A value the upload left out or shortened, and why, in words a person reads after the field's label:
 * `field` is a company field, or a key of the file's record that names none.
 */
export interface FieldWarning {
  field: string;
  reason: string;
}

/** What a warning quotes of a value or a key: enough to recognise it, never a megabyte. */
const QUOTED_MAX = 60;
function shortened(value: string): string {
  // Counted in code points, so an emoji is never cut in half into a lone surrogate.
  const head = Array.from(value.slice(0, QUOTED_MAX * 2));
  if (head.length <= QUOTED_MAX && head.join('').length === value.length) return value;
  return `${head.slice(0, QUOTED_MAX - 1).join('')}…`;
}
const quoted = (value: string) => `"${shortened(value)}"`;

/** Whether a record's value holds anything to leave out: null and blank text hold nothing. */
const holdsValue = (value: unknown) => value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

/** A value of any kind quoted as the file wrote it. */
function quotedValue(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  try {
    return quoted(JSON.stringify(value) ?? String(value));
  } catch {
    // Nested deeper than JSON.stringify goes: nothing to quote but that it was a list or an object.
    return Array.isArray(value) ? '"[…]"' : '"{…}"';
  }
}

export const UNKNOWN_KEY_REASON = 'not a field of a prospect';

/** A record read by its keys: each field's value under the first key that holds one, what its other keys held, and keys the API refuses. */
export interface ReadRecord {
  payload: Partial<Record<CompanyField, unknown>>;
  warnings: FieldWarning[];
  errors: string[];
}

/**
 * Maps a file record's keys to company fields, the same way for every field (case, spaces and
 * punctuation aside). Nothing goes unsaid: a key that names no field, or a second key for a field
 * already given, is a warning quoting what it held (an empty one leaves nothing out).
 */
export function readUploadRecord(record: Record<string, unknown>): ReadRecord {
  const payload: Partial<Record<CompanyField, unknown>> = {};
  const keyOf: Partial<Record<CompanyField, string>> = {};
  const warnings: FieldWarning[] = [];
  const errors: string[] = [];
  for (const key of Object.keys(record)) {
    const value = record[key];
    const field = uploadKeyField(key);
    if (field === null) {
      // The API refuses such text anywhere in a row (a field's value is the contract's to refuse).
      if (isPrototypeKey(key, value)) errors.push(`${quoted(key)}: is not accepted as a key, as it could change how the row is read. Please rename it.`);
      else if (isUnsafeText(key) || (typeof value === 'string' && isUnsafeText(value))) errors.push(unsafeTextDetail(shortened(stripUnsafeText(key))));
      else if (holdsValue(value)) warnings.push({ field: shortened(key), reason: `left out: ${UNKNOWN_KEY_REASON} (${quotedValue(value)})` });
    } else if (!holdsValue(payload[field])) {
      payload[field] = value;
      keyOf[field] = key;
    } else if (holdsValue(value) && quotedValue(value) !== quotedValue(payload[field])) {
      warnings.push({ field, reason: `left out: ${quotedValue(value)} under ${quoted(key)}, as ${quoted(keyOf[field]!)} gives it already` });
    }
  }
  return { payload, warnings, errors };
}

/** Why the clean-up dropped a value it was given (it held text), for each field it may drop. */
function droppedReason(field: CompanyField, raw: string): string {
  switch (field) {
    case 'email':
      return isPlaceholderEmail(raw)
        ? `left out: ${quoted(raw)} is a placeholder, not an address`
        : `left out: ${quoted(raw)} has no @, so it is not an address`;
    case 'description':
      return `left out: ${quoted(raw)} is a placeholder`;
    case 'founding_date':
      return `left out: ${quoted(raw)} holds no year`;
    default:
      return `left out: ${quoted(raw)}`;
  }
}

/** A row after the clean-up: the payload item, what was left out or shortened, and the values that are not text (errors, by field). */
export interface CleanedRow {
  item: Partial<UploadItem>;
  warnings: FieldWarning[];
  errors: string[];
  notText: CompanyField[];
}

/**
 * Cleans one payload row (lowercase keys) by the upload's rules and says what they dropped or cut.
 * A value the upload contract does not take as text (prospectUploadValuesSchema) is the row's error.
 * The browser's preview and the server both use it, so both hold the same rules and the same warnings.
 */
export function cleanUploadRow(row: Record<string, unknown>): CleanedRow {
  const item: Record<string, string> = {};
  const warnings: FieldWarning[] = [];
  const errors: string[] = [];
  const notText: CompanyField[] = [];
  for (const issue of prospectUploadValuesSchema.safeParse(row).error?.issues ?? []) {
    notText.push(issue.path[0] as CompanyField);
    errors.push(issue.message);
  }
  for (const key of Object.values(UPLOAD_FIELD_MAP)) {
    if (notText.includes(key)) continue;
    const given = row[key];
    const raw = text(given);
    let value: string | undefined;
    switch (key) {
      case 'email':
        value = cleanEmail(raw);
        break;
      case 'industry':
        value = cleanIndustry(given);
        if (value && value.endsWith('...') && raw.length > INDUSTRY_MAX) warnings.push({ field: key, reason: `cut to ${INDUSTRY_MAX} characters` });
        break;
      case 'founding_date':
        value = cleanFoundingYear(raw);
        break;
      case 'description':
        value = cleanDescription(raw);
        break;
      default:
        value = raw || undefined;
    }
    if (value) item[key] = value;
    else if (raw) warnings.push({ field: key, reason: droppedReason(key, raw) });
  }
  return { item: item as Partial<UploadItem>, warnings, errors, notText };
}

/** The cleaned payload item alone, for callers that have no one to tell what was dropped. */
export function normaliseUploadItem(row: Record<string, unknown>): Partial<UploadItem> {
  return cleanUploadRow(row).item;
}

/** A file record's values by company field (payload keys), read as readUploadRecord reads them. */
export function recordToPayload(record: Record<string, unknown>): Record<string, unknown> {
  return readUploadRecord(record).payload;
}

/** What a row is checked against: the upload contract (or one given in its place) and, once known, the tenant's country for its phones. */
export interface RowRules {
  schema?: z.ZodType;
  country?: string;
}

export const NOT_A_RECORD_DETAIL = 'must be an object with Name and Phone1';

/** One record of a file checked: its cleaned item, its warnings (keys and clean-up), its problems, and its phones once read. */
export interface CheckedRecord {
  item: Partial<UploadItem>;
  warnings: FieldWarning[];
  errors: string[];
  phones?: ReturnType<typeof readPhones>;
}

/**
 * A record of a file as the upload takes it: its keys read (readUploadRecord), its values cleaned
 * (cleanUploadRow) and checked (checkRow). The browser's preview and the server both run exactly this.
 */
export function checkUploadRecord(record: unknown, rules: RowRules = {}): CheckedRecord {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return { item: {}, warnings: [], errors: [NOT_A_RECORD_DETAIL] };
  const read = readUploadRecord(record as Record<string, unknown>);
  const cleaned = cleanUploadRow(read.payload);
  // A field refused as not text is not also reported as missing.
  const checked = checkRow(cleaned.item, rules, cleaned.notText);
  return {
    item: cleaned.item,
    warnings: [...cleaned.warnings, ...read.warnings],
    errors: [...read.errors, ...cleaned.errors, ...checked.errors],
    phones: checked.phones,
  };
}

/**
 * What the upload contract refuses in one cleaned item, each problem in a sentence; none when it can
 * be saved. A message that is a sentence or names its field stands alone; a fragment ('must be at most …') is led by its field.
 * Given the tenant's `country`, a phone that is not a possible number there is one of them, and `phones`
 * is what the row's phones store: read once, as reading a phone is most of what checking a row costs.
 */
export function checkRow(
  item: Partial<UploadItem>,
  { schema = prospectUploadRowSchema, country }: RowRules = {},
  reported: readonly string[] = [],
): { errors: string[]; phones?: ReturnType<typeof readPhones> } {
  const errors: string[] = [];
  const parsed = schema.safeParse(item);
  for (const issue of parsed.error?.issues ?? []) {
    if (reported.includes(String(issue.path[0]))) continue;
    const field = issue.path.map(String).join('.');
    const fragment = /^[a-z]/.test(issue.message) && !/^[\w.[\]]+: /.test(issue.message);
    const message = field && fragment ? `${field}: ${issue.message}` : issue.message;
    if (!errors.includes(message)) errors.push(message);
  }
  if (country === undefined) return { errors };
  const phones = readPhones(item, country);
  errors.push(...phones.invalid.map(phoneInvalidDetail));
  return { errors, phones };
}

/** checkRow's problems alone. */
export function rowErrors(item: Partial<UploadItem>, rules: RowRules = {}): string[] {
  return checkRow(item, rules).errors;
}

/** How a warning reads to a person: the row as a person counts it, the field's label and what happened. */
export function rowWarningText({ row, field, reason }: BulkRowWarning): string {
  return `Row ${row}: ${warningLabel(field)} ${reason}`;
}

/** How a warning names its field: the field's label, or the file's key, quoted, when it names no field. */
export function warningLabel(field: string): string {
  return Object.hasOwn(COMPANY_FIELD_LABELS, field) ? COMPANY_FIELD_LABELS[field as CompanyField] : `"${field}"`;
}

/** How a row error reads to a person: rows are numbered from 1, as a person counts them. */
export function rowErrorText({ row, detail }: BulkRowError): string {
  return `Row ${row}: ${detail}`;
}

/**
 * A checked file: the cleaned items (for the preview), the rows as they are sent (uncleaned, so the
 * server repeats the clean-up and records what it dropped), the rows' errors and the clean-up's warnings.
 */
export type ParseResult =
  { ok: true; items: Partial<UploadItem>[]; rows: unknown[]; errors: BulkRowError[]; warnings: BulkRowWarning[] } | { ok: false; error: string };

/** The file holds an array, or an object with a prospects or leads array. */
export function extractRecords(parsed: unknown): unknown[] | null {
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed === 'object') {
    const holder = parsed as { prospects?: unknown; leads?: unknown };
    if (Array.isArray(holder.prospects)) return holder.prospects;
    if (Array.isArray(holder.leads)) return holder.leads;
  }
  return null;
}

/** Parses the text of an upload file into normalised payload items and the row errors to show (phones read in `country`, when known). */
export function parseProspectFile(content: string, country?: string): ParseResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    return { ok: false, error: `Failed to parse JSON file: ${(error as Error).message}` };
  }
  const records = extractRecords(parsed);
  if (!records) return { ok: false, error: 'Failed to parse JSON file: expected an array, or an object with a prospects or leads array' };
  if (records.length === 0) return { ok: false, error: 'No prospects found in JSON file' };
  return checkRecords(records, { country });
}

export const tooManyRowsDetail = (rows: number) => `Too many prospects in one upload: ${rows} rows, at most ${MAX_BULK_ROWS}. Please split the file.`;

/** How deep lists and objects may nest in a row: every field is text (Industry a list of texts), so this leaves room and keeps the checks off the stack's edge. */
export const MAX_UPLOAD_DEPTH = 16;

/**
 * The first row holding lists or objects nested deeper than MAX_UPLOAD_DEPTH, as the whole file's refusal:
 * such a value is no field's, and reading it through (the checks, the copy to a worker) would go by
 * recursion. Walked with a stack of its own, so the walk itself never overflows.
 */
export function tooDeepDetail(records: readonly unknown[]): string | undefined {
  for (let index = 0; index < records.length; index += 1) {
    const pending: Array<[unknown, number]> = [[records[index], 0]];
    while (pending.length > 0) {
      const [value, depth] = pending.pop()!;
      if (value === null || typeof value !== 'object') continue;
      if (depth > MAX_UPLOAD_DEPTH) {
        return `Row ${index + 1}: holds lists or objects nested more than ${MAX_UPLOAD_DEPTH} levels deep, which no field takes. Please fix the file.`;
      }
      for (const inner of Object.values(value)) pending.push([inner, depth + 1]);
    }
  }
  return undefined;
}

/**
 * Keys the API's JSON reader refuses in any body, as they could change an object's prototype: a
 * row holding one is that row's error here, so the rest of the file still goes in.
 */
function isPrototypeKey(key: string, value: unknown): boolean {
  return key === '__proto__' || (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype'));
}

/** The records of a file (JSON objects, or table rows mapped to fields) as payload items with their row errors. */
export function checkRecords(records: readonly unknown[], rules: RowRules = {}): ParseResult {
  if (records.length > MAX_BULK_ROWS) return { ok: false, error: tooManyRowsDetail(records.length) };
  const tooDeep = tooDeepDetail(records);
  if (tooDeep) return { ok: false, error: tooDeep };
  const items: Partial<UploadItem>[] = [];
  const errors: BulkRowError[] = [];
  const warnings: BulkRowWarning[] = [];
  records.forEach((record, index) => {
    const row = index + 1;
    const checked = checkUploadRecord(record, rules);
    items.push(checked.item);
    if (checked.errors.length > 0) errors.push({ row, detail: checked.errors.join('; ') });
    else warnings.push(...checked.warnings.map((warning) => ({ row, ...warning })));
  });
  // The rows go as the file has them: the server reads their keys and repeats every check.
  return { ok: true, items, rows: [...records], errors, warnings };
}

/** A row whose Phone1 is the same number as an earlier valid row's: the upload keeps the first. */
export const EARLIER_ROW_DETAIL = 'duplicate of an earlier row of this upload (same Phone1)';

/**
 * A checked file's errors and warnings once the tenant, and so the country its phones are read in,
 * is known (the file is read before, and the tenant can change): a row whose phone is no number
 * there gains that error, joined to any it had, and its warnings go, as an erroneous row's do.
 * A valid row whose Phone1 is the number of an earlier valid row is refused as the upload refuses it.
 */
export function withPhonesChecked(
  checked: { items: readonly Partial<UploadItem>[]; errors: readonly BulkRowError[]; warnings: readonly BulkRowWarning[] },
  country: string,
): { errors: BulkRowError[]; warnings: BulkRowWarning[] } {
  const details = new Map(checked.errors.map((error) => [error.row, error.detail]));
  const phonesSeen = new Set<string>();
  checked.items.forEach((item, index) => {
    const row = index + 1;
    const phones = readPhones(item, country);
    const invalid = phones.invalid.map(phoneInvalidDetail);
    if (invalid.length > 0) details.set(row, [details.get(row), ...invalid].filter(Boolean).join('; '));
    if (details.has(row)) return;
    const digits = phones.stored.phone1_e164?.slice(1);
    if (!digits) return;
    if (phonesSeen.has(digits)) details.set(row, EARLIER_ROW_DETAIL);
    else phonesSeen.add(digits);
  });
  const errors = [...details].map(([row, detail]) => ({ row, detail })).sort((a, b) => a.row - b.row);
  return { errors, warnings: checked.warnings.filter((warning) => !details.has(warning.row)) };
}

/** What 'Download Template' saves as prospects_template.json: two sample prospects. */
export const PROSPECT_TEMPLATE = [
  {
    Name: 'Northwind Logistics',
    Email: 'contact@northwind-logistics.com',
    Phone1: '+1 555 010 2000',
    Phone2: '+1 555 010 2001',
    Phone3: '',
    Industry: 'Logistics',
    City: 'Chicago',
    Website: 'https://northwind-logistics.com',
    anchor_href_link: 'https://maps.example.com/northwind-logistics',
    Manager: 'Dana Ortiz',
    Employees: '50-100',
    'Founding Date': '2009',
    Address: '400 W Lake St, Chicago, IL 60606',
    description: 'Regional freight forwarder with a growing warehouse network.',
  },
  {
    Name: 'Bluebird Dental Clinic',
    Email: 'hello@bluebird-dental.com',
    Phone1: '+44 20 7946 0500',
    Phone2: '',
    Phone3: '',
    Industry: 'Healthcare',
    City: 'London',
    Website: 'https://bluebird-dental.com',
    anchor_href_link: '',
    Manager: 'Priya Shah',
    Employees: '10-50',
    'Founding Date': 'Established in 2015',
    Address: '12 Baker Street, London W1U 3BT',
    description: 'Family dental practice with three chairs and evening hours.',
  },
];
