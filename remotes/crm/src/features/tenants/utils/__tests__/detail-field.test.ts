import { detailField } from '../detail-field';

describe('detailField', () => {
  it("puts a refusal naming one of the form's fields beside that field", () => {
    expect(detailField('domain: already in use by another tenant', ['name', 'domain'])).toEqual({
      field: 'domain',
      message: 'Already in use by another tenant.',
    });
  });

  it('leaves a refusal of no field of the form for the whole form', () => {
    expect(detailField('Admin privileges required.', ['name', 'domain'])).toBeNull();
    expect(detailField('logo: must be a PNG or JPEG image.', ['name', 'domain'])).toBeNull();
  });
});
