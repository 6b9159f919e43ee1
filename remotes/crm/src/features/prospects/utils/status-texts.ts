/** What the status pickers (the list's filter and the update dialog) say when nothing matches. */
export const statusEmptyText = (query: string) => (query ? `No status found matching "${query}"` : 'No statuses available');
