import { ApiError } from '@app/shared';
import { mockFetch } from '../../../../test/fetch-mock';
import { TENANT_ID } from '../../../../test/fixtures';

const IMPORT_ID = '11111111-1111-4111-8111-111111111111';
import { UPLOAD_BATCH_ROWS, UploadInterruptedError, uploadProspects, type UploadProgress } from '../upload-prospects';

const items = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `Company ${index}`, phone1: String(index) }));

describe('uploadProspects', () => {
  it('sends a big file in slices, numbering server errors and warnings by their row in the file', async () => {
    const { calls } = mockFetch(({ body }) => {
      const sent = (body as { prospects: unknown[] }).prospects.length;
      return {
        body: {
          import_id: IMPORT_ID,
          total_created: sent - 1,
          total_errors: 1,
          errors: [{ row: 1, detail: 'duplicate' }],
          total_warned: 1,
          warnings: [{ row: 2, field: 'email', reason: 'left out: "x" has no @, so it is not an address' }],
        },
      };
    });
    const progress: UploadProgress[] = [];
    const total = UPLOAD_BATCH_ROWS * 2 + 10;
    const answer = await uploadProspects(TENANT_ID, items(total), (step) => progress.push(step), 'clients.csv');

    expect(calls.map((call) => (call.body as { prospects: unknown[] }).prospects.length)).toEqual([UPLOAD_BATCH_ROWS, UPLOAD_BATCH_ROWS, 10]);
    expect(calls.every((call) => (call.body as { tenant_id: string }).tenant_id === TENANT_ID)).toBe(true);
    // The first slice names the file and so records the import; the others add to that import.
    expect(calls.map(({ body }) => [(body as { file_name?: string }).file_name, (body as { import_id?: string }).import_id])).toEqual([
      ['clients.csv', undefined],
      [undefined, IMPORT_ID],
      [undefined, IMPORT_ID],
    ]);
    expect(answer).toEqual({
      import_id: IMPORT_ID,
      total_created: total - 3,
      total_errors: 3,
      errors: [
        { row: 1, detail: 'duplicate' },
        { row: UPLOAD_BATCH_ROWS + 1, detail: 'duplicate' },
        { row: UPLOAD_BATCH_ROWS * 2 + 1, detail: 'duplicate' },
      ],
      total_warned: 3,
      warnings: [2, UPLOAD_BATCH_ROWS + 2, UPLOAD_BATCH_ROWS * 2 + 2].map((row) => ({
        row,
        field: 'email',
        reason: 'left out: "x" has no @, so it is not an address',
      })),
    });
    const fractions = progress.map((step) => step.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ phase: 'processing', fraction: 1, doneRows: total, totalRows: total });
  });

  it('passes a refusal of the first slice on as it is', async () => {
    mockFetch(() => ({ status: 413, body: { detail: 'Too many prospects in one upload.' } }));
    await expect(uploadProspects(TENANT_ID, items(3))).rejects.toEqual(expect.any(ApiError));
  });

  it('says how many were saved when a later slice fails', async () => {
    let call = 0;
    mockFetch(() => {
      call += 1;
      return call === 1
        ? { body: { import_id: IMPORT_ID, total_created: UPLOAD_BATCH_ROWS, total_errors: 0, errors: [], total_warned: 0, warnings: [] } }
        : { status: 500, body: { detail: 'Database unavailable' } };
    });
    const failure = await uploadProspects(TENANT_ID, items(UPLOAD_BATCH_ROWS + 1)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UploadInterruptedError);
    expect((failure as UploadInterruptedError).created).toBe(UPLOAD_BATCH_ROWS);
    expect((failure as UploadInterruptedError).cause).toEqual(expect.any(ApiError));
  });
});
