import { COMPANY_LIMITS, MAX_BULK_ROWS, type BulkRowError, type CompanyField, type RequiredCompanyField } from '../contracts/prospects';
import { EMAIL_ADDRESS_PATTERN } from '../contracts/common';
import { phoneInvalidDetail, readPhones } from '../contracts/phones';

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
export type UploadItem = Record<RequiredCompanyField, string> & Partial<Record<Exclude<UploadKey, RequiredCompanyField>, string>>;

export const PREVIEW_ROWS = 5;
const INDUSTRY_MAX = COMPANY_LIMITS.industry;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(', ');
  if (typeof value === 'object') return '';
  return String(value).trim();
}

/** Scraped addresses often come as '[email protected]' or with asterisks: placeholders, not addresses. */
export function cleanEmail(value: unknown): string | undefined {
  const email = text(value);
  if (!email || !email.includes('@')) return undefined;
  const lower = email.toLowerCase();
  if (lower.includes('protected') || lower.includes('*') || lower.includes('not provided') || lower === 'n/a') return undefined;
  if (!EMAIL_ADDRESS_PATTERN.test(email)) return undefined;
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
 * Normalises one payload row (lowercase keys). The browser applies it before sending and the
 * server again on what it receives, so both hold the same rules.
 */
export function normaliseUploadItem(row: Record<string, unknown>): Partial<UploadItem> {
  const item: Record<string, string> = {};
  for (const key of Object.values(UPLOAD_FIELD_MAP)) {
    let value: string | undefined;
    switch (key) {
      case 'email':
        value = cleanEmail(row.email);
        break;
      case 'industry':
        value = cleanIndustry(row.industry);
        break;
      case 'founding_date':
        value = cleanFoundingYear(row.founding_date);
        break;
      case 'description':
        value = cleanDescription(row.description);
        break;
      default:
        value = text(row[key]) || undefined;
    }
    if (value) item[key] = value;
  }
  return item as Partial<UploadItem>;
}

/** Maps a file record's capitalised keys to payload keys; lowercase keys are accepted too. */
export function recordToPayload(record: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [fileKey, payloadKey] of Object.entries(UPLOAD_FIELD_MAP)) {
    const value = record[fileKey] ?? record[payloadKey];
    if (value !== undefined) payload[payloadKey] = value;
  }
  return payload;
}

/**
 * What is wrong with one normalised item, each problem in a sentence; none when it can be saved.
 * Given the tenant's `country`, a phone that is not a possible number there is one of them.
 */
export function rowErrors(item: Partial<UploadItem>, country?: string): string[] {
  const errors: string[] = [];
  if (!item.name) errors.push('Company name is required');
  if (!item.phone1) errors.push('Phone1 is required');
  for (const [key, max] of Object.entries(COMPANY_LIMITS)) {
    const value = item[key as UploadKey];
    if (key !== 'industry' && value && value.length > max) errors.push(`${key} must be at most ${max} characters`);
  }
  if (country !== undefined) errors.push(...readPhones(item, country).invalid.map(phoneInvalidDetail));
  return errors;
}

/** How a row error reads to a person: rows are numbered from 1, as a person counts them. */
export function rowErrorText({ row, detail }: BulkRowError): string {
  return `Row ${row}: ${detail}`;
}

export type ParseResult = { ok: true; items: Partial<UploadItem>[]; errors: BulkRowError[] } | { ok: false; error: string };

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
  return checkRecords(records, country);
}

export const tooManyRowsDetail = (rows: number) => `Too many prospects in one upload: ${rows} rows, at most ${MAX_BULK_ROWS}. Please split the file.`;

/** The records of a file (JSON objects, or table rows mapped to fields) as payload items with their row errors. */
export function checkRecords(records: readonly unknown[], country?: string): ParseResult {
  if (records.length > MAX_BULK_ROWS) return { ok: false, error: tooManyRowsDetail(records.length) };
  const items: Partial<UploadItem>[] = [];
  const errors: BulkRowError[] = [];
  records.forEach((record, index) => {
    const item = normaliseUploadItem(recordToPayload(record && typeof record === 'object' ? (record as Record<string, unknown>) : {}));
    items.push(item);
    errors.push(...rowErrors(item, country).map((detail) => ({ row: index + 1, detail })));
  });
  return { ok: true, items, errors };
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
