import { phoneLink, shownPhone } from '../phone';

describe('phoneLink', () => {
  it('keeps the extension typed with a number, in what is shown and what is dialled', () => {
    expect(phoneLink('(555) 101-1102 ext. 5', '+15551011102')).toEqual({ shown: '+1 555 101 1102 ext. 5', href: 'tel:+15551011102;ext=5' });
    expect(phoneLink('+1 555 101 1102 x 5', '+15551011102')).toEqual({ shown: '+1 555 101 1102 ext. 5', href: 'tel:+15551011102;ext=5' });
    expect(shownPhone('020 7946 0500 ext 12', '+442079460500')).toContain('12');
    expect(phoneLink('020 7946 0500 ext 12', '+442079460500').href).toBe('tel:+442079460500;ext=12');
  });

  it('shows and dials a number without an extension from its E.164', () => {
    expect(phoneLink('(555) 101-1102', '+15551011102')).toEqual({ shown: '+1 555 101 1102', href: 'tel:+15551011102' });
    expect(phoneLink(null, '+15551011102')).toEqual({ shown: '+1 555 101 1102', href: 'tel:+15551011102' });
    expect(shownPhone('not a phone', null)).toBe('not a phone');
  });
});
