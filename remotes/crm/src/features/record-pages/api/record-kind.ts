/** The records that have a page, by the path segment of their routes. */
export type RecordKind = 'prospects' | 'leads';
