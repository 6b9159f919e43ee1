import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { type ProspectImport } from '@app/shared/forms';
import { mockFetch, signIn, uid } from '../../../../test/fetch-mock';
import { TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ImportsTab } from '../imports-tab';

function entry(n: number, overrides: Partial<ProspectImport> = {}): ProspectImport {
  return {
    id: uid(100 + n),
    tenant_id: TENANT_ID,
    file_name: `file-${n}.csv`,
    created_at: '2026-03-02T10:00:00.000Z',
    created_by: 'Demo Staff',
    rows_created: 10,
    rows_refused: 0,
    rows_warned: 0,
    reverted_at: null,
    reverted_by: null,
    revert_removed: null,
    revert_kept: null,
    ...overrides,
  };
}

afterEach(() => dismissToast());

function setup(imports: ProspectImport[]) {
  signIn();
  let list = imports;
  const network = mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/crm/imports') return { body: { imports: list } };
    if (method === 'POST' && path === `/crm/imports/${uid(101)}/revert`) {
      list = list.map((item) => (item.id === uid(101) ? { ...item, reverted_at: '2026-03-02T11:00:00.000Z', revert_removed: 8, revert_kept: 2 } : item));
      return { body: { removed: 8, kept: 2, import: list[0] } };
    }
    if (method === 'GET' && path === `/crm/imports/${uid(102)}/refused-rows`) {
      return { body: { file_name: 'file-2.xlsx', rows: [{ row: 4, detail: 'Phone1 is required', data: { name: '=cmd()', city: 'Lyon' } }] } };
    }
    if (method === 'GET' && path === `/crm/imports/${uid(103)}/warnings`) {
      const warnings = [
        { field: 'email', reason: 'left out: "bad-email.de" has no @, so it is not an address' },
        { field: 'description', reason: 'left out: "n/a" is a placeholder' },
      ];
      return {
        body: {
          file_name: 'leads.json',
          rows: [{ row: 2, data: { name: 'Bad Email GmbH', phone1: '2', email: 'bad-email.de', description: 'n/a' }, warnings }],
        },
      };
    }
    return undefined;
  });
  renderWithProviders(<ImportsTab tenantId={TENANT_ID} />);
  return { ...network, user: userEvent.setup() };
}

describe('ImportsTab', () => {
  it('lists each import with its file, who, counts and status', async () => {
    setup([entry(1), entry(2, { rows_refused: 3, reverted_at: '2026-03-02T11:00:00.000Z', revert_removed: 6, revert_kept: 4 })]);
    const first = await screen.findByRole('row', { name: 'file-1.csv' });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['file-1.csv', 'Demo Staff', expect.stringMatching(/^March 2, 2026 at/), '10', '0', '0', 'Imported', 'Revert']);
    const second = screen.getByRole('row', { name: 'file-2.csv' });
    expect(within(second).getByText('Reverted: 6 removed, 4 kept')).toBeInTheDocument();
    // A reverted import cannot be reverted again.
    expect(within(second).queryByRole('button', { name: /^Revert/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 imports, newest first')).toBeInTheDocument();
  });

  it('reverts after a confirmation and shows what was removed and kept', async () => {
    const { user, calls } = setup([entry(1)]);
    await user.click(await screen.findByRole('button', { name: 'Revert file-1.csv' }));
    const dialog = screen.getByRole('dialog', { name: 'Revert import of file-1.csv?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('8 prospects removed. 2 kept because someone has worked them.')).toBeInTheDocument();
    expect(await screen.findByText('Reverted: 8 removed, 2 kept')).toBeInTheDocument();
  });

  it('says when there are no imports yet', async () => {
    setup([]);
    expect(await screen.findByText('No imports yet')).toBeInTheDocument();
  });

  async function savedText(blob: Blob): Promise<string> {
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  }

  it('offers the rows imported with warnings beside the refused rows, with all they held and what was left out', async () => {
    const { user } = setup([entry(3, { rows_created: 5, rows_warned: 1 }), entry(4)]);
    const row = await screen.findByRole('row', { name: 'file-3.csv' });
    expect(within(row).getAllByRole('cell')[5]).toHaveTextContent('1');
    expect(within(screen.getByRole('row', { name: 'file-4.csv' })).queryByRole('button', { name: /^Download warnings/ })).not.toBeInTheDocument();
    let blob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: jest.fn((value: Blob) => {
        blob = value;
        return 'blob:warned';
      }),
      revokeObjectURL: jest.fn(),
    });
    let downloaded = '';
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await user.click(within(row).getByRole('button', { name: 'Download warnings of file-3.csv' }));
    await waitFor(() => expect(downloaded).toBe('leads-warnings.csv'));
    const [header, line] = (await savedText(blob!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(/^"Name","Email","Phone1",.*,"Warnings"$/);
    expect(line).toBe(
      '"Bad Email GmbH","bad-email.de","2","","","","","","","","","","","n/a","Row 2: Email left out: ""bad-email.de"" has no @, so it is not an address; Description left out: ""n/a"" is a placeholder"',
    );
    click.mockRestore();
  });

  it('downloads the refused rows as a CSV made safe for spreadsheets', async () => {
    const { user } = setup([entry(2, { rows_refused: 1 })]);
    let blob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: jest.fn((value: Blob) => {
        blob = value;
        return 'blob:refused';
      }),
      revokeObjectURL: jest.fn(),
    });
    let downloaded = '';
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await user.click(await screen.findByRole('button', { name: 'Download refused rows of file-2.csv' }));
    await waitFor(() => expect(downloaded).toBe('file-2-refused-rows.csv'));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob!);
    });
    const [header, row] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      '"Name","Email","Phone1","Phone2","Phone3","Industry","City","Website","anchor_href_link","Manager","Employees","Founding Date","Address","description","Error"',
    );
    expect(row).toBe(`"'=cmd()","","","","","","Lyon","","","","","","","","Row 4: Phone1 is required"`);
    click.mockRestore();
  });
});
