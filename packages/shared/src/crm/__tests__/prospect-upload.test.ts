import { z } from 'zod';
import { COMPANY_FIELDS, prospectUploadRowSchema } from '../../contracts/prospects';
import {
  cleanDescription,
  cleanUploadRow,
  rowErrors,
  rowWarningText,
  cleanEmail,
  cleanFoundingYear,
  cleanIndustry,
  normaliseUploadItem,
  parseProspectFile,
  PROSPECT_TEMPLATE,
  rowErrorText,
  UPLOAD_FIELD_MAP,
  withPhonesChecked,
  EARLIER_ROW_DETAIL,
} from '../prospect-upload';

describe('email: placeholders and addresses without @ are dropped', () => {
  it.each([
    ['sales@acme.com', 'sales@acme.com'],
    ['no-at-sign.com', undefined],
    ['[email protected]', undefined],
    ['s***@acme.com', undefined],
    ['Not Provided', undefined],
    ['n/a', undefined],
    ['', undefined],
  ])('%p → %p', (input, expected) => expect(cleanEmail(input)).toBe(expected));

  it('keeps an address with @ that is still not an address, for the contract to refuse', () => {
    expect(cleanEmail('broken@')).toBe('broken@');
  });
});

describe('industry', () => {
  it('cuts over 100 characters to 97 plus an ellipsis', () => {
    const long = 'x'.repeat(120);
    expect(cleanIndustry(long)).toBe(`${'x'.repeat(97)}...`);
    expect(cleanIndustry(long)!.length).toBe(100);
    expect(cleanIndustry('y'.repeat(100))).toBe('y'.repeat(100));
  });
  it('joins a JSON-encoded list with commas', () => {
    expect(cleanIndustry('["Retail","Food"]')).toBe('Retail, Food');
    expect(cleanIndustry(['Retail', 'Food'])).toBe('Retail, Food');
  });
});

describe('founding date → year', () => {
  it.each([
    ['1998', '1998'],
    [2004, '2004'],
    ['Established in 2015', '2015'],
    ['established 1987, family owned', '1987'],
    ['Established long ago', undefined],
    ['2012-06-30', '2012'],
    ['March 3, 2001', '2001'],
    ['2020-01-01T00:00:00Z', '2020'],
    ['not a date', undefined],
    ['', undefined],
  ])('%p → %p', (input, expected) => expect(cleanFoundingYear(input)).toBe(expected));
});

describe('description', () => {
  it.each([
    ['A real company', 'A real company'],
    ['   ', undefined],
    ['N/A', undefined],
    ['Description not provided', undefined],
    ['PLACEHOLDER text', undefined],
  ])('%p → %p', (input, expected) => expect(cleanDescription(input)).toBe(expected));
});

describe('normaliseUploadItem', () => {
  it('omits empty optional values and trims', () => {
    expect(normaliseUploadItem({ name: '  Acme ', phone1: ' 555 ', phone2: '', city: null, email: 'n/a' })).toEqual({
      name: 'Acme',
      phone1: '555',
    });
  });
});

describe('parseProspectFile', () => {
  it('reads an array, or an object with prospects or leads', () => {
    const row = { Name: 'Acme', Phone1: '555' };
    for (const content of [[row], { prospects: [row] }, { leads: [row] }]) {
      const result = parseProspectFile(JSON.stringify(content));
      expect(result).toEqual({ ok: true, items: [{ name: 'Acme', phone1: '555' }], rows: [row], errors: [], warnings: [] });
    }
  });

  it('refuses a row keyed __proto__ or constructor.prototype, which the API would refuse with the whole file, and keeps the others', () => {
    const content = `[{"Name":"Good A","Phone1":"1"},{"Name":"Proto","Phone1":"2","__proto__":{"City":"X"}},{"Name":"Ctor","Phone1":"3","constructor":{"prototype":{}}},{"Name":"Good B","Phone1":"4","toString":"text"}]`;
    const result = parseProspectFile(content);
    expect(result.ok && result.errors.map(rowErrorText)).toEqual([
      'Row 2: "__proto__": is not accepted as a key, as it could change how the row is read. Please rename it.',
      'Row 3: "constructor": is not accepted as a key, as it could change how the row is read. Please rename it.',
    ]);
    expect(result.ok && result.warnings.map(rowWarningText)).toEqual([expect.stringMatching(/^Row 4: "toString" left out/)]);
  });

  it('refuses a file whose row nests lists more than 16 levels deep, naming the row, without overflowing', () => {
    const deep = `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`;
    expect(parseProspectFile(`[{"Name":"A","Phone1":"1"},{"Name":"B","Phone1":"2","X":${deep}}]`)).toEqual({
      ok: false,
      error: expect.stringMatching(/^Row 2: holds lists or objects nested more than 16 levels deep/),
    });
    const shallowDeep = `${'['.repeat(20)}"x"${']'.repeat(20)}`;
    expect(parseProspectFile(`[{"Name":"A","Phone1":"1","X":${shallowDeep}}]`)).toEqual({
      ok: false,
      error: expect.stringMatching(/^Row 1: holds lists or objects nested more than 16 levels deep/),
    });
  });

  it('reports rows without a name or a Phone1, numbered from 1', () => {
    const result = parseProspectFile(JSON.stringify([{ Name: 'Ok', Phone1: '1' }, { Phone1: '2' }, { Name: 'No phone' }]));
    expect(result.ok && result.errors).toEqual([
      { row: 2, detail: 'Company name is required' },
      { row: 3, detail: 'Phone1 is required' },
    ]);
    expect(result.ok && result.errors.map(rowErrorText)).toEqual(['Row 2: Company name is required', 'Row 3: Phone1 is required']);
  });

  it('reports a value longer than the company field allows', () => {
    const result = parseProspectFile(JSON.stringify([{ Name: 'Acme', Phone1: '1', Manager: 'm'.repeat(201) }]));
    expect(result.ok && result.errors).toEqual([{ row: 1, detail: 'manager: must be at most 200 characters' }]);
  });

  it('refuses invalid JSON, other shapes and empty lists', () => {
    const invalid = parseProspectFile('{oops');
    expect(invalid.ok).toBe(false);
    expect(!invalid.ok && invalid.error).toMatch(/^Failed to parse JSON file: /);
    expect(parseProspectFile('[]')).toEqual({ ok: false, error: 'No prospects found in JSON file' });
    expect(parseProspectFile('{"prospects": []}')).toEqual({ ok: false, error: 'No prospects found in JSON file' });
    expect(parseProspectFile('"text"').ok).toBe(false);
  });

  it('has a file key for every company field', () => {
    expect(Object.values(UPLOAD_FIELD_MAP).sort()).toEqual([...COMPANY_FIELDS].sort());
  });

  it('maps every capitalised key of the template', () => {
    const result = parseProspectFile(JSON.stringify(PROSPECT_TEMPLATE));
    expect(result.ok && result.errors).toEqual([]);
    expect(result.ok && result.items[1]).toMatchObject({ name: 'Bluebird Dental Clinic', founding_date: '2015', manager: 'Priya Shah' });
    expect(result.ok && result.items[0]).toMatchObject({ anchor_href_link: 'https://maps.example.com/northwind-logistics', employees: '50-100' });
  });
});

describe('cleanUploadRow: what the clean-up drops, it says', () => {
  it('names the field and why for each value it leaves out or cuts', () => {
    const { item, warnings, errors } = cleanUploadRow({
      name: 'Bad Email GmbH',
      phone1: '+49 30 1234567',
      email: 'info(at)bad-email.de',
      description: 'n/a',
      founding_date: 'some time ago',
      industry: 'i'.repeat(120),
    });
    expect(item).toEqual({ name: 'Bad Email GmbH', phone1: '+49 30 1234567', industry: `${'i'.repeat(97)}...` });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      { field: 'email', reason: 'left out: "info(at)bad-email.de" has no @, so it is not an address' },
      { field: 'industry', reason: 'cut to 100 characters' },
      { field: 'founding_date', reason: 'left out: "some time ago" holds no year' },
      { field: 'description', reason: 'left out: "n/a" is a placeholder' },
    ]);
  });

  it('calls an obfuscated address a placeholder and quotes at most 60 characters of a value', () => {
    expect(cleanUploadRow({ name: 'A', phone1: '1', email: '[email protected]' }).warnings).toEqual([
      { field: 'email', reason: 'left out: "[email protected]" is a placeholder, not an address' },
    ]);
    const [warning] = cleanUploadRow({ name: 'A', phone1: '1', email: 'x'.repeat(1_000_000) }).warnings;
    expect(warning!.reason.length).toBeLessThan(120);
    // Cut by code points: no half of an emoji is left over.
    const [emoji] = cleanUploadRow({ name: 'A', phone1: '1', email: '📞'.repeat(100) }).warnings;
    expect(emoji!.reason).toBe(`left out: "${'📞'.repeat(59)}…" has no @, so it is not an address`);
  });

  it('warns of nothing when nothing was dropped: empty values, a year from a date, the template', () => {
    expect(cleanUploadRow({ name: 'A', phone1: '1', email: '', description: '  ', founding_date: 'Established in 2015' }).warnings).toEqual([]);
    const parsed = parseProspectFile(JSON.stringify(PROSPECT_TEMPLATE));
    expect(parsed.ok && parsed.warnings).toEqual([]);
  });

  it('refuses a value that is an object rather than text', () => {
    expect(cleanUploadRow({ name: 'A', phone1: '1', city: { nested: true } }).errors).toEqual(['city: must be text']);
  });
});

describe('checking rows through the upload contract', () => {
  it('lists the warnings of the rows that will be imported, by row, and sends the rows uncleaned', () => {
    const result = parseProspectFile(
      JSON.stringify([
        { Name: 'Good', Phone1: '1', Email: 'a@b.co' },
        { Name: 'Bad Email GmbH', Phone1: '2', Email: 'bad-email.de' },
      ]),
    );
    expect(result.ok && result.warnings).toEqual([{ row: 2, field: 'email', reason: 'left out: "bad-email.de" has no @, so it is not an address' }]);
    expect(result.ok && result.warnings.map(rowWarningText)).toEqual(['Row 2: Email left out: "bad-email.de" has no @, so it is not an address']);
    expect(result.ok && result.rows[1]).toEqual({ Name: 'Bad Email GmbH', Phone1: '2', Email: 'bad-email.de' });
  });

  it('makes a value the contract refuses a row error with its reason', () => {
    const result = parseProspectFile(
      JSON.stringify([
        { Name: 'Broken', Phone1: '1', Email: 'broken@nowhere' },
        { Name: 'Obj', Phone1: '2', City: {} },
      ]),
    );
    expect(result.ok && result.errors).toEqual([
      { row: 1, detail: 'email: must be a valid email address' },
      { row: 2, detail: 'city: must be text' },
    ]);
  });

  it('refuses a value that is not text (a number, true or false, a list), naming the field once, in the preview as on the server', () => {
    const result = parseProspectFile(
      JSON.stringify([
        { Name: 'List Phone Co', Phone1: ['+49 30 9000009'] },
        { Name: 12345, Phone1: '+49 30 9000010' },
        { Name: 'Bool City Co', Phone1: '+49 30 9000011', City: true },
        { Name: 'Two Cities Co', Phone1: '+49 30 9000012', City: ['Berlin', 'Hamburg'] },
        { Name: 'Number Phone Co', Phone1: 4930900013, Employees: 12, 'Founding Date': 2001 },
        { Name: 'Listed Industry Co', Phone1: '+49 30 9000014', Industry: ['Retail', 'Food'] },
        { Name: 'Odd Industry Co', Phone1: '+49 30 9000015', Industry: ['Retail', 7] },
      ]),
      'DE',
    );
    expect(result.ok && result.errors.map(rowErrorText)).toEqual([
      'Row 1: phone1: must be text',
      'Row 2: name: must be text',
      'Row 3: city: must be text',
      'Row 4: city: must be text',
      'Row 5: phone1: must be text; employees: must be text; founding_date: must be text',
      'Row 7: industry: must be text or a list of texts',
    ]);
    // Industry may be a list: it is stored comma-joined.
    expect(result.ok && result.items[5]).toMatchObject({ industry: 'Retail, Food' });
  });

  it('checks with the schema it is given, so any rule of the contract becomes a row error', () => {
    const strict = prospectUploadRowSchema.extend({ phone1: z.string().regex(/^\+/, 'phone1: must start with +') });
    expect(rowErrors({ name: 'A', phone1: '555' }, { schema: strict })).toEqual(['phone1: must start with +']);
    expect(rowErrors({ name: 'A', phone1: '555' })).toEqual([]);
  });
});

describe('the keys of a file record', () => {
  it('matches every field the same way, whatever its case, spaces or punctuation', () => {
    const result = parseProspectFile(
      JSON.stringify([
        {
          NAME: 'Caps Co',
          phone_1: '1',
          Description: 'Important notes',
          'Phone 2': '2',
          'founding date': '1999',
          Link: 'https://maps.example.com/a',
          EMAIL: 'a@b.co',
        },
      ]),
    );
    expect(result.ok && result.items[0]).toEqual({
      name: 'Caps Co',
      phone1: '1',
      phone2: '2',
      email: 'a@b.co',
      anchor_href_link: 'https://maps.example.com/a',
      founding_date: '1999',
      description: 'Important notes',
    });
    expect(result.ok && result.warnings).toEqual([]);
  });

  it('warns about a key that names no field, quoting what it held, and keeps the valid fields', () => {
    const result = parseProspectFile(
      JSON.stringify([
        { Name: 'Desc Key Co', Phone1: '+1 646 555 3131', Description: 'Important notes', Emial: 'typo@example.com', 'Phone 2': '+1 646 555 3132' },
        // An unknown key with nothing in it leaves nothing out.
        { Name: 'Quiet Co', Phone1: '+1 646 555 3133', Rating: null, Notes2: '  ' },
      ]),
      'US',
    );
    expect(result.ok && result.errors).toEqual([]);
    expect(result.ok && result.items[0]).toEqual({ name: 'Desc Key Co', phone1: '+1 646 555 3131', phone2: '+1 646 555 3132', description: 'Important notes' });
    expect(result.ok && result.warnings.map(rowWarningText)).toEqual(['Row 1: "Emial" left out: not a field of a prospect ("typo@example.com")']);
    // The rows go to the server as the file has them, so it says the same.
    expect(result.ok && result.rows[0]).toHaveProperty('Emial', 'typo@example.com');
  });

  it('names a key given twice for one field, keeping the first value', () => {
    const result = parseProspectFile(JSON.stringify([{ Name: 'First Co', name: 'Second Co', Phone1: '1', phone1: '1' }]));
    expect(result.ok && result.items[0]).toEqual({ name: 'First Co', phone1: '1' });
    expect(result.ok && result.warnings.map(rowWarningText)).toEqual(['Row 1: Name left out: "Second Co" under "name", as "Name" gives it already']);
  });

  it("refuses, as the API does, a key or an unknown key's text holding NUL or a direction control, instead of quoting it", () => {
    const result = parseProspectFile(
      JSON.stringify([
        { Name: 'A', Phone1: '1', 'Na\u202Eme': 'x' },
        { Name: 'B', Phone1: '2', Notes: '\u202Eevil' },
      ]),
    );
    expect(result.ok && result.errors.map(rowErrorText)).toEqual([
      'Row 1: Name: must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters',
      'Row 2: Notes: must not contain NUL characters, unpaired UTF-16 surrogates or bidirectional control characters',
    ]);
    expect(result.ok && result.warnings).toEqual([]);
  });

  it('quotes a long or odd key and its value briefly, and never reads a key as a label of the language', () => {
    const result = parseProspectFile(JSON.stringify([{ Name: 'A', Phone1: '1', ['k'.repeat(500)]: 'v'.repeat(500), constructor: { a: 1 }, '': 7 }]));
    const lines = result.ok ? result.warnings.map(rowWarningText) : [];
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.length).toBeLessThan(200);
    expect(lines).toContain('Row 1: "constructor" left out: not a field of a prospect ("{"a":1}")');
    expect(lines).toContain('Row 1: "" left out: not a field of a prospect ("7")');
  });
});

describe('phones in an upload', () => {
  it("reports a phone that is not a number of the tenant's country, naming the field", () => {
    const file = JSON.stringify([
      { Name: 'Ok', Phone1: '(555) 101-1102', Phone2: '+44 20 7946 0500' },
      { Name: 'Words', Phone1: 'call me maybe' },
      { Name: 'Broken line', Phone1: '+1 555 000 0001', Phone3: 'click"),+1 555 000 0002,,Nowhere' },
    ]);
    const result = parseProspectFile(file, 'US');
    expect(result.ok && result.errors).toEqual([
      { row: 2, detail: 'phone1: must be a valid phone number' },
      { row: 3, detail: 'phone3: must be a valid phone number' },
    ]);
  });

  it('reads numbers without + in the given country', () => {
    expect(parseProspectFile(JSON.stringify([{ Name: 'London', Phone1: '020 7946 0500' }]), 'GB')).toMatchObject({ ok: true, errors: [] });
    expect(parseProspectFile(JSON.stringify([{ Name: 'London', Phone1: '020 7946 0500' }]), 'US')).toMatchObject({
      ok: true,
      errors: [{ row: 1, detail: 'phone1: must be a valid phone number' }],
    });
  });
});

describe('withPhonesChecked', () => {
  it("adds a phone that is no number of the chosen tenant's country to the row's error and drops that row's warnings", () => {
    const file = parseProspectFile(
      JSON.stringify([
        { Name: 'London', Phone1: '020 7946 0500', Email: 'no-at-sign' },
        { Name: 'Broken', Phone1: '020 7946 0501', Email: 'broken@nowhere' },
        { Name: 'Fine', Phone1: '+1 415 555 0100' },
      ]),
    );
    if (!file.ok) throw new Error(file.error);
    expect(withPhonesChecked(file, 'GB')).toEqual({ errors: [{ row: 2, detail: 'email: must be a valid email address' }], warnings: file.warnings });
    expect(withPhonesChecked(file, 'US')).toEqual({
      errors: [
        { row: 1, detail: 'phone1: must be a valid phone number' },
        { row: 2, detail: 'email: must be a valid email address; phone1: must be a valid phone number' },
      ],
      warnings: [],
    });
  });

  it('refuses a valid row whose Phone1 is the number of an earlier valid row, however written, as the upload does', () => {
    const file = parseProspectFile(
      JSON.stringify([
        { Name: 'First', Phone1: '+1 415 555 0100' },
        { Name: 'Broken twin', Phone1: '(415) 555-0100', Email: 'broken@nowhere' },
        { Name: 'Twin', Phone1: '(415) 555-0100' },
        { Name: 'Other', Phone1: '415 555 0101' },
        { Name: 'Not a phone', Phone1: '99' },
      ]),
    );
    if (!file.ok) throw new Error(file.error);
    expect(withPhonesChecked(file, 'US').errors).toEqual([
      { row: 2, detail: 'email: must be a valid email address' },
      { row: 3, detail: EARLIER_ROW_DETAIL },
      { row: 5, detail: 'phone1: must be a valid phone number' },
    ]);
  });
});
