import { placePopover } from '../popover';

const view = { width: 390, height: 844 };
const anchor = (left: number, top: number, width = 80, height = 36) => ({ left, top, right: left + width, bottom: top + height });

describe('placePopover', () => {
  it('lines a menu up with its trigger when it fits', () => {
    expect(placePopover(anchor(300, 100), { width: 180, height: 200 }, view)).toEqual({ left: 200, top: 140, maxHeight: 844 - 136 - 4 - 8, side: 'below' });
  });

  it('shifts a menu whose trigger is near the left edge back inside the window', () => {
    const place = placePopover(anchor(16, 100), { width: 300, height: 200 }, view);
    expect(place.left).toBe(8);
    expect(place.left + 300).toBeLessThanOrEqual(390 - 8);
  });

  it('shifts a menu opened at the start of a trigger near the right edge back inside', () => {
    const place = placePopover(anchor(330, 100, 40), { width: 200, height: 100 }, view, { align: 'start' });
    expect(place.left).toBe(390 - 8 - 200);
  });

  it('opens above a trigger near the bottom when above has the room, and caps the height where neither has', () => {
    const low = placePopover(anchor(100, 780), { width: 180, height: 300 }, view);
    expect(low.side).toBe('above');
    expect(low.top).toBe(780 - 4 - 300);
    const tall = placePopover(anchor(100, 100), { width: 180, height: 2000 }, view);
    expect(tall).toMatchObject({ side: 'below', maxHeight: 844 - 136 - 12 });
  });
});
