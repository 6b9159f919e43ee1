import { extraStorageBlocks, parseStorageSize, storageNote } from '../storage-note';
import { QUOTATION_DEFAULTS } from '../defaults';

const defaults = {
  included_storage: QUOTATION_DEFAULTS.includedStorage,
  additional_storage_rate: QUOTATION_DEFAULTS.additionalStorageRate,
  storage_block_size: QUOTATION_DEFAULTS.storageBlockSize,
  currency: 'USD',
};

describe('storage note', () => {
  it('prices 1 GB as 4 extra blocks at four times the rate with the defaults', () => {
    expect(storageNote(defaults)).toBe(
      'Document storage: 200 MB included. Additional storage is $0.09 per 200 MB block per month. Example: 1 GB = 4 extra blocks × $0.09 = $0.36 per month.',
    );
  });

  it('fills in other storage values', () => {
    const note = storageNote({ included_storage: '500 MB', additional_storage_rate: 0.25, storage_block_size: '100 MB', currency: 'USD' });
    expect(note).toContain('500 MB included');
    expect(note).toContain('$0.25 per 100 MB block');
    expect(note).toContain('1 GB = 5 extra blocks × $0.25 = $1.25 per month.');
  });

  it('says when the example fits within what is included', () => {
    expect(storageNote({ ...defaults, included_storage: '2 GB' })).toContain('Example: 1 GB fits within the included storage.');
  });

  it('leaves out the example when a size cannot be read', () => {
    expect(storageNote({ ...defaults, storage_block_size: 'a lot' })).toBe(
      'Document storage: 200 MB included. Additional storage is $0.09 per a lot block per month.',
    );
  });

  it("prices in the quotation's currency", () => {
    expect(storageNote({ ...defaults, currency: 'EUR' })).toBe(
      'Document storage: 200 MB included. Additional storage is €0.09 per 200 MB block per month. Example: 1 GB = 4 extra blocks × €0.09 = €0.36 per month.',
    );
  });

  it('reads sizes in KB, MB, GB and TB', () => {
    expect(['200 MB', '1 GB', '1.5gb', '0.5 TB', '500 KB', 'big'].map(parseStorageSize)).toEqual([200, 1000, 1500, 500_000, 0.5, null]);
    expect(extraStorageBlocks('1 GB', '200 MB', '300 MB')).toBe(3);
  });
});
