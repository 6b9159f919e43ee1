import { CHAR_EM, cutLabel, LABEL_GAP, layoutLabels, textWidth, valueTicks } from '../chart-axis';

describe('valueTicks', () => {
  it.each([
    [7, [0, 2, 4, 6, 8]],
    [10, [0, 2, 4, 6, 8, 10]],
    [4000.5, [0, 1000, 2000, 3000, 4000, 5000]],
    [2000.5, [0, 500, 1000, 1500, 2000, 2500]],
    [12, [0, 5, 10, 15]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [123456, [0, 25000, 50000, 75000, 100000, 125000]],
  ])('over a largest value of %p counts in a nice whole step up to the first tick covering it', (max, ticks) => {
    expect(valueTicks(max)).toEqual(ticks);
  });

  it('has a scale over nothing, and never a fractional step for counts', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(Number.NaN)).toEqual([0, 1]);
    expect(valueTicks(0.4)).toEqual([0, 1]);
  });

  it.each([1, 9, 11, 99, 101, 999, 1001, 37_500, 1e9 + 1])('covers %p with at most about five steps of 1, 2, 2.5 or 5 times a power of ten', (max) => {
    const ticks = valueTicks(max);
    const step = ticks[1]!;
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
    expect(ticks[ticks.length - 2]).toBeLessThan(max);
    expect(ticks.length - 1).toBeLessThanOrEqual(10);
    expect(Number.isInteger(step)).toBe(true);
    expect([1, 2, 2.5, 5]).toContain(step / 10 ** Math.floor(Math.log10(step)));
  });
});

/** The estimated boxes, along the axis, of the labels a layout shows across (centred on their groups). */
function shownAcross(labels: string[], slot: number, font: number, maxAcross: number) {
  const layout = layoutLabels(labels, slot, font, maxAcross, 96);
  return {
    layout,
    boxes: labels
      .map((label, index) => ({ label: cutLabel(label, layout.maxChars), center: index * slot + slot / 2, index }))
      .filter(({ index }) => index % layout.every === 0)
      .map(({ label, center }) => [center - textWidth(label, font) / 2, center + textWidth(label, font) / 2] as const),
  };
}

describe('layoutLabels', () => {
  const days = Array.from({ length: 365 }, (_, index) => new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10));

  it('shows every label across when each fits its group', () => {
    expect(layoutLabels(['New', 'Won', 'Lost'], 200, 11, 120, 96)).toEqual({ every: 1, upright: false, maxChars: Math.floor(120 / (11 * CHAR_EM)) });
  });

  it('turns the labels upright when the groups are narrow but a line high, cutting long ones', () => {
    const layout = layoutLabels(['Prospects created', 'Of them, became leads', 'Of those, won'], 60, 11, 120, 96);
    expect(layout).toMatchObject({ every: 1, upright: true });
    expect(cutLabel('Of them, became leads', layout.maxChars)).toMatch(/…$/);
    expect(textWidth(cutLabel('Of them, became leads', layout.maxChars), 11)).toBeLessThanOrEqual(96);
  });

  it.each([300, 1200])('thins a year of days in %p px out to every nth label, none touching the next', (width) => {
    const slot = width / days.length;
    const { layout, boxes } = shownAcross(days, slot, 11, 120);
    expect(layout.upright).toBe(false);
    expect(layout.every).toBeGreaterThan(1);
    expect(boxes.length).toBeGreaterThan(1);
    for (let index = 1; index < boxes.length; index++) expect(boxes[index]![0] - boxes[index - 1]![1]).toBeGreaterThanOrEqual(LABEL_GAP);
  });

  it('cuts a label wider than the chart itself', () => {
    const long = 'x'.repeat(200);
    const { layout, boxes } = shownAcross([long, long], 10, 11, 120);
    expect(layout.upright).toBe(false);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]![1] - boxes[0]![0]).toBeLessThanOrEqual(120);
    expect(cutLabel(long, layout.maxChars)).toHaveLength(layout.maxChars);
  });
});
