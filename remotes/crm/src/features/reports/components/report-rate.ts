/** A share as a percentage with one decimal ('62.5%'); a dash over nothing. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}
