/** Pickers and filters offer only active options, in sort_order: inactive ones stay on records that have them but are not offered again. */
export function activeSorted<T extends { is_active: boolean; sort_order: number; name: string }>(items: readonly T[]): T[] {
  return items.filter((item) => item.is_active).sort(bySortOrder);
}

export function bySortOrder<T extends { sort_order: number; name: string }>(a: T, b: T): number {
  return a.sort_order - b.sort_order || a.name.localeCompare(b.name);
}

export const optionName = (option: { name: string }) => option.name;
export const optionDescription = (option: { description: string | null }) => option.description;
export const optionKey = (option: { id: string }) => option.id;

/** What a stage picker or filter says when nothing matches. */
export const stageEmptyText = (query: string) => (query ? `No pipeline stage found matching "${query}"` : 'No pipeline stages available');
