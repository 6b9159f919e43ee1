import { applyMapping, TEMPLATE_NAMES, guessMapping, headerKey } from '../column-mapping';

describe('guessMapping', () => {
  test('matches the obvious headers whatever their case, spaces, hyphens or accents', () => {
    const pairs: [string, string | null][] = [
      ['Name', 'name'],
      ['PHONE', 'phone1'],
      [' e-mail ', 'email'],
      ['Ville', 'city'],
      ['Industry', 'industry'],
      ['Web Site', 'website'],
      ['Adresse', 'address'],
      ['Notes', 'description'],
    ];
    expect(guessMapping(pairs.map(([header]) => header))).toEqual(pairs.map(([, field]) => field));
    const others: [string, string | null][] = [
      ['Company Name', 'name'],
      ['Tel', 'phone1'],
      ['E-Mail', 'email'],
      ['Sector', 'industry'],
      ['URL', 'website'],
      ['Founding Date', 'founding_date'],
      ['Employees', 'employees'],
      ['Manager', 'manager'],
    ];
    expect(guessMapping(others.map(([header]) => header))).toEqual(others.map(([, field]) => field));
    expect(headerKey('Téléphone  N°')).toBe('telephonen');
  });

  test('the template headers map to their own fields', () => {
    const headers = Object.values(TEMPLATE_NAMES);
    expect(guessMapping(headers)).toEqual(Object.keys(TEMPLATE_NAMES));
  });

  test('unnumbered phones fill Phone1, Phone2, Phone3 around numbered ones; a fourth is left out', () => {
    expect(guessMapping(['Mobile', 'Phone1', 'Tel', 'Cell'])).toEqual(['phone2', 'phone1', 'phone3', null]);
  });

  test('each field takes one column (the leftmost), and unknown headers are left out', () => {
    expect(guessMapping(['Company', 'Name', 'Favourite colour', ''])).toEqual(['name', null, null, null]);
  });
});

describe('applyMapping', () => {
  const table = {
    headers: ['Org', 'Number', 'Comment'],
    rows: [
      ['Acme', '+1 555 0100', 'N/A'],
      ['', '+1 555 0101', 'Good lead'],
    ],
  };

  test('fills each row from the columns mapped, leaves out the others and checks each row', () => {
    expect(applyMapping(table, ['name', 'phone1', null])).toEqual({
      ok: true,
      items: [{ name: 'Acme', phone1: '+1 555 0100' }, { phone1: '+1 555 0101' }],
      rows: [{ name: 'Acme', phone1: '+1 555 0100' }, { phone1: '+1 555 0101' }],
      errors: [{ row: 2, detail: 'Company name is required' }],
      warnings: [],
    });
    const described = applyMapping(table, ['name', 'phone1', 'description']);
    // A placeholder description is dropped, as in a JSON file, and the row says so.
    expect(described.ok && described.items.map((item) => item.description)).toEqual([undefined, 'Good lead']);
    expect(described.ok && described.warnings).toEqual([{ row: 1, field: 'description', reason: 'left out: "N/A" is a placeholder' }]);
  });

  test('with Name and Phone1 unmapped every row says so', () => {
    const result = applyMapping(table, [null, null, null]);
    expect(result.ok && result.errors).toEqual([1, 2].map((row) => ({ row, detail: 'Company name is required; Phone1 is required' })));
  });

  test('more rows than one upload may hold is refused as a whole', () => {
    const many = { headers: ['Name', 'Phone'], rows: Array.from({ length: 50_001 }, (_, index) => [`Co ${index}`, String(index)]) };
    expect(applyMapping(many, ['name', 'phone1'])).toEqual({
      ok: false,
      error: 'Too many prospects in one upload: 50001 rows, at most 50000. Please split the file.',
    });
  });
});
