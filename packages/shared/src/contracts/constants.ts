// The contracts' plain values, apart from their zod schemas: a screen that only shows data (a list
// and its pager, a stage's colour) reads them without loading zod.

export const DEFAULT_PAGE = 1;
export const PAGE_SIZE = 20;
export const PAGE_SIZE_MAX = 100;

/** The colour of a pipeline stage that has none of its own. */
export const DEFAULT_STAGE_COLOR = '#6B7280';

/** The country a tenant's phone numbers written without + are read in, unless its admin chose another. */
export const DEFAULT_COUNTRY = 'US';
