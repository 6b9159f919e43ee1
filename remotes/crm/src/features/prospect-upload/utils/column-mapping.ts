import { checkRecords, COMPANY_FIELD_LABELS, COMPANY_FIELDS, headerKey, UPLOAD_FIELD_MAP, type CompanyField, type ParseResult } from '@app/shared/forms';
import type { SheetTable } from './sheet-table';

/** The prospect field each column of the file fills, by column; null leaves the column out. */
export type ColumnMapping = (CompanyField | null)[];

/** Each field by the name its column has in the upload template (Name, Phone1, Founding Date…). */
export const TEMPLATE_NAMES = Object.fromEntries(Object.entries(UPLOAD_FIELD_MAP).map(([label, field]) => [field, label])) as Record<CompanyField, string>;

/** A header as the matcher reads it, as a JSON file's keys are read (shared with the server). */
export { headerKey };

/** Headers that name a phone without saying which: they fill Phone1, then Phone2, then Phone3. */
const ANY_PHONE = ['phone', 'phonenumber', 'tel', 'telephone', 'telefon', 'telefono', 'mobile', 'mobilephone', 'cell', 'cellphone', 'gsm', 'portable'];

/** Other names a column of each field often has, besides the field's own name and its template name. */
const SYNONYMS = {
  name: ['company', 'companyname', 'business', 'businessname', 'organisation', 'organization', 'firm', 'account', 'societe', 'entreprise', 'nom'],
  phone1: ['phone1', 'tel1', 'telephone1', 'mainphone', 'primaryphone'],
  phone2: ['phone2', 'tel2', 'telephone2'],
  phone3: ['phone3', 'tel3', 'telephone3'],
  email: ['email', 'mail', 'emailaddress', 'courriel'],
  industry: ['sector', 'category', 'secteur'],
  city: ['town', 'ville', 'locality', 'ciudad', 'stadt'],
  website: ['web', 'site', 'url', 'homepage', 'websiteurl', 'siteweb'],
  anchor_href_link: ['link', 'mapslink', 'googlemaps', 'mapsurl'],
  manager: ['contact', 'contactname', 'contactperson', 'owner'],
  employees: ['staff', 'headcount', 'employeecount', 'numberofemployees', 'size', 'companysize'],
  founding_date: ['founded', 'foundingyear', 'yearfounded', 'established', 'foundingdate'],
  address: ['street', 'streetaddress', 'adresse', 'fulladdress'],
  description: ['notes', 'note', 'about', 'comment', 'comments', 'summary'],
} satisfies Record<CompanyField, string[]>;

const FIELD_BY_KEY = new Map<string, CompanyField>();
for (const field of COMPANY_FIELDS) {
  for (const name of [field, TEMPLATE_NAMES[field], COMPANY_FIELD_LABELS[field], ...SYNONYMS[field]]) FIELD_BY_KEY.set(headerKey(name), field);
}

/** The field each header obviously names, each field at most once (the leftmost column gets it). */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<CompanyField>();
  const mapping: ColumnMapping = headers.map((header) => {
    const field = FIELD_BY_KEY.get(headerKey(header));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  // Numbered phones first, then the unnumbered ones fill what is left.
  return mapping.map((field, index) => {
    if (field || !ANY_PHONE.includes(headerKey(headers[index]!))) return field;
    const free = (['phone1', 'phone2', 'phone3'] as const).find((phone) => !taken.has(phone));
    if (free) taken.add(free);
    return free ?? null;
  });
}

/** The table's rows as records keyed by field, then checked like the rows of a JSON file. */
export function applyMapping(table: SheetTable, mapping: ColumnMapping): ParseResult {
  const records = table.rows.map((row) => {
    const record: Partial<Record<CompanyField, string>> = {};
    mapping.forEach((field, index) => {
      if (field && !record[field] && row[index]) record[field] = row[index];
    });
    return record;
  });
  return checkRecords(records);
}
