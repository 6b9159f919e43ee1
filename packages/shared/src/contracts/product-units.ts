/** What a product or service is sold by, and a quotation's line counts in: a line without one is counted as it is. */
export const PRODUCT_UNITS = ['hour', 'day', 'unit', 'month'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

const NAMES: Record<ProductUnit, { one: string; other: string }> = {
  hour: { one: 'hour', other: 'hours' },
  day: { one: 'day', other: 'days' },
  unit: { one: 'unit', other: 'units' },
  month: { one: 'month', other: 'months' },
};

export const isProductUnit = (value: unknown): value is ProductUnit => typeof value === 'string' && (PRODUCT_UNITS as readonly string[]).includes(value);

/** The unit's name for a picker or a price ("per hour"): singular. */
export const productUnitLabel = (unit: ProductUnit) => NAMES[unit].one;

/** A quantity's unit as a line prints it after the number: "hours" for 1.5, "day" for 1; none without a unit. */
export function unitName(quantity: number, unit: ProductUnit | null | undefined): string {
  if (!unit) return '';
  return quantity === 1 ? NAMES[unit].one : NAMES[unit].other;
}
