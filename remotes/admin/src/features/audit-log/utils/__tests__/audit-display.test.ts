import { detailsText, LIST_ITEMS_SHOWN } from '../audit-display';

describe('detailsText', () => {
  it('shows a long list by its first items and how many more, so a bulk change stays one readable line', () => {
    const records = Array.from({ length: 10_000 }, (_, index) => ({ id: `id-${index}`, name: `Company ${index}` }));
    const text = detailsText({ owner: 'Lucia', records, updated: 10_000 });
    expect(text).toContain('records: {"id":"id-0","name":"Company 0"}');
    expect(text).toContain(`{"id":"id-${LIST_ITEMS_SHOWN - 1}","name":"Company ${LIST_ITEMS_SHOWN - 1}"} and 9,990 more; updated: 10000`);
    expect(text).not.toContain(`Company ${LIST_ITEMS_SHOWN}"`);
    expect(text.length).toBeLessThan(1_000);
  });

  it('shows a short list whole', () => {
    expect(detailsText({ groups: ['Admins', 'Sales'] })).toBe('groups: Admins, Sales');
  });
});
