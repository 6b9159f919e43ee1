export * from './defaults';
export * from './totals';
export * from './quote-number';
export * from './storage-note';
