export * from './defaults';
export * from './totals';
export * from './quote-number';
export * from './storage-note';
// Every amount of a quotation is written in its currency; the server's PDF reads it from here.
export { currencySymbol, formatCurrency } from '../format/plain-format';
// A line's unit ("1.5 hours"), for the screens and the PDF alike.
export { unitName } from '../contracts/product-units';
