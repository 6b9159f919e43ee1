/*
 * The arithmetic of a chart's axes, apart from drawing them so it can be tested alone. Text is
 * measured by estimate (no canvas, none in tests): a character is taken as wide as the widest
 * digits and capitals of common fonts, so an estimate is never narrower than the text drawn.
 */

/** Width of a character, in ems, taken generously. */
export const CHAR_EM = 0.7;
/** Height of a line of labels, in ems. */
export const LINE_EM = 1.3;
/** The least space between two labels, in px. */
export const LABEL_GAP = 6;

const NICE_STEPS = [1, 2, 2.5, 5, 10];

/**
 * The value axis' ticks: from 0 in a step a reader counts in (1, 2, 2.5 or 5 times a power of ten,
 * whole numbers only, as counts are), up to the first tick at or above the largest value, about
 * `count` steps in all.
 */
export function valueTicks(max: number, count = 5): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const rough = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, NICE_STEPS.map((nice) => nice * magnitude).find((candidate) => candidate >= rough && Number.isInteger(candidate)) ?? 1);
  const steps = Math.ceil(top / step);
  return Array.from({ length: steps + 1 }, (_, index) => index * step);
}

export const textWidth = (text: string, fontSize: number) => text.length * fontSize * CHAR_EM;

/** A label cut to `maxChars` characters, an ellipsis saying so. */
export function cutLabel(label: string, maxChars: number): string {
  if (label.length <= maxChars) return label;
  return `${label.slice(0, Math.max(1, maxChars - 1))}…`;
}

export interface LabelLayout {
  /** Every how many groups a label is shown (1: all). */
  every: number;
  /** Labels drawn upright (turned a quarter) instead of across. */
  upright: boolean;
  /** The longest label shown, in characters; longer ones are cut (their full text in their tooltip). */
  maxChars: number;
}

/**
 * How the category labels of groups `slot` px apart fit without touching: across when each fits
 * its slot; upright when the groups are too narrow for that but each is a line high (a few stages,
 * a year of months), cut to `maxUpright` px; across again, every nth shown, when even a line
 * does not fit (a year of days), cut to `maxAcross` px.
 */
export function layoutLabels(labels: readonly string[], slot: number, fontSize: number, maxAcross: number, maxUpright: number): LabelLayout {
  const char = fontSize * CHAR_EM;
  const longest = Math.max(0, ...labels.map((label) => label.length));
  const acrossChars = Math.max(1, Math.floor(maxAcross / char));
  if (textWidth('x'.repeat(Math.min(longest, acrossChars)), fontSize) + LABEL_GAP <= slot) return { every: 1, upright: false, maxChars: acrossChars };
  if (fontSize * LINE_EM + LABEL_GAP <= slot) return { every: 1, upright: true, maxChars: Math.max(1, Math.floor(maxUpright / char)) };
  const width = Math.min(longest, acrossChars) * char + LABEL_GAP;
  return { every: Math.max(1, Math.ceil(width / Math.max(slot, Number.EPSILON))), upright: false, maxChars: acrossChars };
}
