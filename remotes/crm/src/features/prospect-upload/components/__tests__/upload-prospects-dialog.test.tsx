import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, setSelectedTenantId } from '@app/shared';
import { deferred, mockFetch, signIn, uid, type MockResponse } from '../../../../test/fetch-mock';
import { tenant } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { UploadProspectsDialog } from '../upload-prospects-dialog';

// The first tenant reads numbers without + as British ones; the second as the US's.
const tenants = [tenant({ default_country: 'GB' }), tenant({ id: uid(2), name: 'Beta Sales', domain: 'beta.test' })];

function rows(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    Name: `Company ${index + 1}`,
    Phone1: `+1 555 010 ${String(index).padStart(4, '0')}`,
    Email: `c${index + 1}@example.com`,
    City: 'Leeds',
    Industry: 'Retail',
  }));
}

const jsonFile = (content: unknown, name = 'prospects.json') =>
  new File([typeof content === 'string' ? content : JSON.stringify(content)], name, { type: 'application/json' });

const TEAMS = [
  { id: uid(20), tenant_id: tenants[0]!.id, name: 'Closers', member_ids: [] },
  { id: uid(21), tenant_id: tenants[0]!.id, name: 'Openers', member_ids: [] },
];

function setup({ tenantList = tenants, bulk }: { tenantList?: unknown[]; bulk?: (body: unknown) => MockResponse | Promise<MockResponse> } = {}) {
  signIn();
  const network = mockFetch(({ method, path, query, body }) => {
    if (method === 'GET' && path === '/crm/tenants') return { body: tenantList };
    if (method === 'GET' && path === '/crm/teams') return { body: query.get('tenant_id') === tenants[0]!.id ? TEAMS : [] };
    if (method === 'POST' && path === '/crm/prospects/bulk' && bulk) return bulk(body);
    return undefined;
  });
  const onDismiss = jest.fn();
  // The file chooser only offers .json; these tests also drop other files on it, as a browser can.
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<UploadProspectsDialog onDismiss={onDismiss} />);
  return { ...network, user, onDismiss };
}

const IMPORT_ID = uid(9);

const uploadButton = () => screen.getByRole('button', { name: /^(Upload \d+ Prospects?|Uploading\.\.\.|Import the \d+ valid rows?)$/ });

beforeEach(() => setSelectedTenantId(null));
afterEach(() => {
  dismissToast();
  window.localStorage.clear();
});

describe('UploadProspectsDialog', () => {
  it('loads the tenants, preselects the first, and starts with the upload disabled', async () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Upload JSON File' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Tenant' })).toHaveValue(tenants[0]!.id);
    expect(uploadButton()).toHaveTextContent('Upload 0 Prospects');
    expect(uploadButton()).toBeDisabled();
  });

  it('preselects the tenant chosen in the header when there is one', async () => {
    setSelectedTenantId(uid(2));
    setup();
    expect(await screen.findByRole('combobox', { name: 'Tenant' })).toHaveValue(uid(2));
  });

  it('previews the first 5 rows with a shown-of-total caption and enables the upload', async () => {
    const { user } = setup();
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(screen.getByLabelText(/JSON file/), jsonFile({ prospects: rows(7) }));

    const table = await screen.findByRole('table', { name: 'Preview (5 of 7 prospects)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Phone1', 'City', 'Industry']);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(uploadButton()).toHaveTextContent('Upload 7 Prospects');
    expect(uploadButton()).toBeEnabled();
    expect(screen.getByText('JSON file loaded successfully. 7 prospects found.')).toBeInTheDocument();
  });

  it('lists the rows with errors and offers to import the valid rows: all rows go up, the server refuses the others', async () => {
    let sent: unknown;
    const { user } = setup({
      bulk: (body) => {
        sent = body;
        return {
          body: {
            import_id: IMPORT_ID,
            total_created: 1,
            total_errors: 2,
            errors: [
              { row: 2, detail: 'Company name is required' },
              { row: 3, detail: 'Phone1 is required' },
            ],
            total_warned: 0,
            warnings: [],
          },
        };
      },
    });
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(
      screen.getByLabelText(/JSON file/),
      jsonFile([{ Name: 'Ok', Phone1: '+1 555 010 0001' }, { Phone1: '+1 555 010 0002' }, { Name: 'No phone' }]),
    );

    const errors = await screen.findByRole('region', { name: 'Validation Errors (2)' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Row 2: Company name is required', 'Row 3: Phone1 is required']);
    expect(within(errors).getByText(/^Fix the file and choose it again, or import the 1 valid row/)).toBeInTheDocument();
    const marks = within(screen.getByRole('table', { name: 'Preview (3 of 3 prospects)' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).queryByText('Error')?.getAttribute('title') ?? null);
    expect(marks).toEqual([null, 'Row 2: Company name is required', 'Row 3: Phone1 is required']);
    expect(screen.getByText('2 errors found in the JSON file')).toBeInTheDocument();
    expect(uploadButton()).toHaveTextContent('Import the 1 valid row');
    expect(uploadButton()).toBeEnabled();

    await user.click(uploadButton());
    expect(await screen.findByText('Partial Success')).toBeInTheDocument();
    expect((sent as { prospects: unknown[] }).prospects).toEqual([
      { Name: 'Ok', Phone1: '+1 555 010 0001' },
      { Phone1: '+1 555 010 0002' },
      { Name: 'No phone' },
    ]);
    expect(screen.getAllByText('Created 1 prospect. 2 errors occurred.').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Rows not uploaded (2)' })).toBeInTheDocument();
  });

  it("announces a phone that is no number of the tenant's country as an error when the file is loaded, as the preview shows it", async () => {
    const { user } = setup();
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(
      screen.getByLabelText(/JSON file/),
      jsonFile([
        { Name: 'Dialled Ltd', Phone1: '+1 555 010 0031' },
        { Name: 'Words Ltd', Phone1: 'call me maybe' },
      ]),
    );
    expect(await screen.findByText('1 error found in the JSON file')).toBeInTheDocument();
    expect(screen.queryByText(/JSON file loaded successfully/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Validation Errors (1)' })).toHaveTextContent('Row 2: phone1: must be a valid phone number');
  });

  it('keeps the upload disabled when no row is valid, and words one error as one', async () => {
    const { user } = setup();
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(screen.getByLabelText(/JSON file/), jsonFile([{ Name: 'No phone' }]));
    expect(await screen.findByText('1 error found in the JSON file')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Validation Errors (1)' })).toBeInTheDocument();
    expect(uploadButton()).toHaveTextContent('Upload 1 Prospect');
    expect(uploadButton()).toBeDisabled();
  });

  it("lists a key that names no field as a warning before the import, and reads every field whatever its key's case", async () => {
    let sent: unknown;
    const { user } = setup({
      bulk: (body) => {
        sent = body;
        return { body: { import_id: IMPORT_ID, total_created: 1, total_errors: 0, errors: [], total_warned: 0, warnings: [] } };
      },
    });
    await screen.findByRole('combobox', { name: 'Tenant' });
    const file = [{ Name: 'Desc Key Co', Phone1: '+1 646 555 3131', Description: 'Important notes', Emial: 'typo@example.com', 'Phone 2': '+1 646 555 3132' }];
    await user.upload(screen.getByLabelText(/JSON file/), jsonFile(file));

    const warnings = await screen.findByRole('region', { name: 'Rows with warnings (1)' });
    expect(within(warnings).getByRole('listitem')).toHaveTextContent('Row 1: "Emial" left out: not a field of a prospect ("typo@example.com")');
    expect(screen.getByText('JSON file loaded successfully. 1 prospect found. 1 row with warnings.')).toBeInTheDocument();
    const [, row] = within(screen.getByRole('table', { name: 'Preview (1 of 1 prospects)' })).getAllByRole('row');
    expect(within(row!).getByText('Warning')).toHaveAttribute('title', 'Row 1: "Emial" left out: not a field of a prospect ("typo@example.com")');

    // The server gets the row as the file has it, so it finds the same.
    await user.click(uploadButton());
    await screen.findByText('Successfully uploaded 1 prospect');
    expect((sent as { prospects: unknown[] }).prospects).toEqual(file);
  });

  it('refuses a row whose value is not text, naming the field, before the import', async () => {
    const { user } = setup();
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(
      screen.getByLabelText(/JSON file/),
      jsonFile([
        { Name: 'Text Co', Phone1: '+1 555 010 0041' },
        { Name: 'Two Cities Co', Phone1: '+1 555 010 0042', City: ['Berlin', 'Hamburg'] },
        { Name: 12345, Phone1: '+1 555 010 0043' },
      ]),
    );
    const errors = await screen.findByRole('region', { name: 'Validation Errors (2)' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Row 2: city: must be text', 'Row 3: name: must be text']);
    expect(uploadButton()).toHaveTextContent('Import the 1 valid row');
  });

  it('marks the rows whose values the clean-up drops, naming the field and why, and counts them after the upload', async () => {
    const { user, onDismiss } = setup({
      bulk: () => ({
        body: {
          import_id: IMPORT_ID,
          total_created: 2,
          total_errors: 0,
          errors: [],
          total_warned: 1,
          warnings: [{ row: 2, field: 'email', reason: 'left out: "bad-email.de" has no @, so it is not an address' }],
        },
      }),
    });
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(
      screen.getByLabelText(/JSON file/),
      jsonFile([
        { Name: 'Good GmbH', Phone1: '+1 555 010 0011', Email: 'a@good.de' },
        { Name: 'Bad Email GmbH', Phone1: '+1 555 010 0012', Email: 'bad-email.de' },
      ]),
    );
    const warnings = await screen.findByRole('region', { name: 'Rows with warnings (1)' });
    expect(within(warnings).getByRole('listitem')).toHaveTextContent('Row 2: Email left out: "bad-email.de" has no @, so it is not an address');
    expect(screen.getByText('JSON file loaded successfully. 2 prospects found. 1 row with warnings.')).toBeInTheDocument();
    // The preview marks the row itself too, its mark naming the field and why.
    const preview = screen.getByRole('table', { name: 'Preview (2 of 2 prospects)' });
    const [, good, bad] = within(preview).getAllByRole('row');
    expect(within(good!).queryByText('Warning')).not.toBeInTheDocument();
    expect(within(bad!).getByText('Warning')).toHaveAttribute('title', 'Row 2: Email left out: "bad-email.de" has no @, so it is not an address');

    await user.click(uploadButton());
    expect(await screen.findByText('Successfully uploaded 2 prospects')).toBeInTheDocument();
    expect(screen.getAllByText('Created 2 prospects. 1 row imported with warnings.').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('region', { name: 'Rows imported with warnings (1)' })).getByRole('listitem')).toHaveTextContent('Row 2: Email left out');
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('refuses files that are not .json, .csv or .xlsx and files that do not parse', async () => {
    const { user } = setup();
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(screen.getByLabelText(/JSON file/), new File(['a,b'], 'prospects.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('upload-file-error')).toHaveTextContent('Please upload a JSON file, or a CSV or Excel (.xlsx) file');

    await user.upload(screen.getByLabelText(/JSON file/), new File(['Name,Phone\n'], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByTestId('upload-file-error')).toHaveTextContent('No prospects found in CSV file');

    await user.upload(screen.getByLabelText(/JSON file/), new File(['not a workbook'], 'broken.xlsx'));
    expect(await screen.findByTestId('upload-file-error')).toHaveTextContent(/^Failed to parse Excel file: /);

    await user.upload(screen.getByLabelText(/JSON file/), jsonFile('{ not json'));
    expect(await screen.findByTestId('upload-file-error')).toHaveTextContent(/^Failed to parse JSON file: /);

    await user.upload(screen.getByLabelText(/JSON file/), jsonFile([]));
    expect(await screen.findByTestId('upload-file-error')).toHaveTextContent('No prospects found in JSON file');
    expect(uploadButton()).toBeDisabled();
  });

  it('says when there is no tenant to upload to', async () => {
    const { user } = setup({ tenantList: [] });
    expect(await screen.findByText('No tenants available. Please create a tenant first.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText(/JSON file/), jsonFile(rows(2)));
    await screen.findByRole('table');
    expect(uploadButton()).toBeDisabled();
  });

  it('shows progress while uploading, then reports success and closes', async () => {
    const answer = deferred<MockResponse>();
    let sent: unknown;
    const { user, onDismiss } = setup({
      bulk: (body) => {
        sent = body;
        return answer.promise;
      },
    });
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(screen.getByLabelText(/JSON file/), jsonFile(rows(3)));
    await user.click(await screen.findByRole('button', { name: 'Upload 3 Prospects' }));

    expect(uploadButton()).toHaveTextContent('Uploading...');
    expect(uploadButton()).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(sent).toEqual({
      tenant_id: tenants[0]!.id,
      file_name: 'prospects.json',
      assign: 'uploader',
      prospects: rows(3),
    });

    answer.resolve({ body: { import_id: IMPORT_ID, total_created: 3, total_errors: 0, errors: [], total_warned: 0, warnings: [] } });
    expect(await screen.findByText('Successfully uploaded 3 prospects')).toBeInTheDocument();
    expect(screen.getByText('Data uploaded successfully. The prospects have been added to your CRM.')).toBeInTheDocument();
    expect(onDismiss).toHaveBeenCalled();
  });

  it('asks whom the rows go to: the uploader by default, no one, or a team of the tenant in turn', async () => {
    const sent: unknown[] = [];
    const { user } = setup({
      bulk: (body) => {
        sent.push(body);
        return { body: { import_id: IMPORT_ID, total_created: 1, total_errors: 0, errors: [], total_warned: 0, warnings: [] } };
      },
    });
    await screen.findByRole('combobox', { name: 'Tenant' });
    const assign = screen.getByRole('combobox', { name: 'Assign to' });
    expect(assign).toHaveValue('uploader');
    await screen.findByRole('option', { name: 'Round-robin: Closers' });
    expect(
      within(assign)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Me (the uploader)', 'Unassigned', 'Round-robin: Closers', 'Round-robin: Openers']);
    await user.selectOptions(assign, 'Round-robin: Openers');
    await user.upload(screen.getByLabelText(/JSON file/), jsonFile(rows(1)));
    await user.click(await screen.findByRole('button', { name: 'Upload 1 Prospect' }));
    await screen.findByText('Successfully uploaded 1 prospect');
    expect(sent).toEqual([expect.objectContaining({ assign: { team_id: uid(21) } })]);
  });

  it("offers another tenant's teams, and starts again from the uploader, when the tenant changes", async () => {
    const { user } = setup();
    await screen.findByRole('option', { name: 'Round-robin: Closers' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assign to' }), 'Unassigned');
    expect(screen.getByRole('combobox', { name: 'Assign to' })).toHaveValue('none');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tenant' }), uid(2));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Round-robin: Closers' })).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Assign to' })).toHaveValue('uploader');
  });

  it('reports a partial success with the rows the server refused', async () => {
    const { user, onDismiss } = setup({
      bulk: () => ({
        body: {
          import_id: IMPORT_ID,
          total_created: 2,
          total_errors: 1,
          errors: [{ row: 2, detail: 'phone1: duplicate of an existing prospect' }],
          total_warned: 0,
          warnings: [],
        },
      }),
    });
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(screen.getByLabelText(/JSON file/), jsonFile(rows(3)));
    await user.click(await screen.findByRole('button', { name: 'Upload 3 Prospects' }));

    expect(await screen.findByText('Partial Success')).toBeInTheDocument();
    expect(screen.getAllByText('Created 2 prospects. 1 error occurred.').length).toBeGreaterThan(0);
    expect(screen.getByText('Row 2: phone1: duplicate of an existing prospect')).toBeInTheDocument();
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it("shows the server's detail when the upload is refused", async () => {
    const { user } = setup({ bulk: () => ({ status: 413, body: { detail: 'At most 50000 prospects per upload.' } }) });
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(screen.getByLabelText(/JSON file/), jsonFile(rows(1)));
    await user.click(await screen.findByRole('button', { name: 'Upload 1 Prospect' }));
    expect(await screen.findByText('At most 50000 prospects per upload.')).toBeInTheDocument();
    await waitFor(() => expect(uploadButton()).toHaveTextContent('Upload 1 Prospect'));
  });

  it('maps the columns of a CSV file: guesses the obvious ones, lets the person change them, and sends the mapped rows', async () => {
    let sent: unknown;
    const { user } = setup({
      bulk: (body) => {
        sent = body;
        return { body: { import_id: IMPORT_ID, total_created: 2, total_errors: 0, errors: [], total_warned: 0, warnings: [] } };
      },
    });
    await screen.findByRole('combobox', { name: 'Tenant' });
    const csv = '\uFEFFSociété;Tel;Contact;Remarks\n"Dupont; Fils";01 40 00 00 01;Anne;Call after 5\n\nMartin SA;01 40 00 00 02;Luc;Closed Mondays\n';
    await user.upload(screen.getByLabelText(/JSON file/), new File([csv], 'clients.csv', { type: 'text/csv' }));

    expect(await screen.findByRole('combobox', { name: 'Société' })).toHaveValue('name');
    expect(screen.getByRole('combobox', { name: 'Tel' })).toHaveValue('phone1');
    expect(screen.getByRole('combobox', { name: 'Contact' })).toHaveValue('manager');
    expect(screen.getByRole('combobox', { name: 'Remarks' })).toHaveValue('');
    // The matcher names the fields as a person does, never by their keys.
    const offered = within(screen.getByRole('combobox', { name: 'Remarks' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(expect.arrayContaining(['Name (required)', 'Phone1 (required)', 'Link', 'Founding year', 'Description']));
    expect(offered.filter((label) => /_/.test(label ?? ''))).toEqual([]);
    expect(screen.getByText('Preview (2 of 2 prospects)')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Remarks' }), 'description');
    // Taking Phone1 away leaves every row without it, and the upload waits for a fix.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tel' }), "Don't import");
    expect(await screen.findByText('Row 1: Phone1 is required')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tel' }), 'phone1');

    await user.click(await screen.findByRole('button', { name: 'Upload 2 Prospects' }));
    await screen.findByText('Successfully uploaded 2 prospects');
    expect(sent).toEqual({
      tenant_id: tenants[0]!.id,
      file_name: 'clients.csv',
      assign: 'uploader',
      prospects: [
        { name: 'Dupont; Fils', phone1: '01 40 00 00 01', manager: 'Anne', description: 'Call after 5' },
        { name: 'Martin SA', phone1: '01 40 00 00 02', manager: 'Luc', description: 'Closed Mondays' },
      ],
    });
  });

  it("checks phones in the chosen tenant's country, again when another tenant is chosen", async () => {
    const { user } = setup();
    await screen.findByRole('combobox', { name: 'Tenant' });
    await user.upload(
      screen.getByLabelText(/JSON file/),
      jsonFile([
        { Name: 'London', Phone1: '020 7946 0500' },
        { Name: 'Words', Phone1: 'call me maybe' },
      ]),
    );
    const errors = await screen.findByRole('region', { name: 'Validation Errors (1)' });
    expect(within(errors).getByRole('listitem')).toHaveTextContent('Row 2: phone1: must be a valid phone number');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tenant' }), tenants[1]!.id);
    const again = await screen.findByRole('region', { name: 'Validation Errors (2)' });
    expect(
      within(again)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Row 1: phone1: must be a valid phone number', 'Row 2: phone1: must be a valid phone number']);
    expect(uploadButton()).toBeDisabled();
  });

  it('downloads the template as prospects_template.json with two sample prospects', async () => {
    const { user } = setup();
    let blob: Blob | undefined;
    const createObjectURL = jest.fn((value: Blob) => {
      blob = value;
      return 'blob:template';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    let downloaded = '';
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await user.click(screen.getByRole('button', { name: 'Download Template' }));
    expect(downloaded).toBe('prospects_template.json');
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    const template = JSON.parse(text) as { Name: string; Phone1: string }[];
    expect(template).toHaveLength(2);
    expect(template.every((row) => row.Name && row.Phone1)).toBe(true);
    click.mockRestore();
  });
});
