import { formatCurrency } from '../format/plain-format';
import { QUOTATION_DEFAULTS } from './defaults';
import { centsToDollars, toCents } from './totals';

const UNITS: Record<string, number> = { KB: 0.001, MB: 1, GB: 1000, TB: 1_000_000 };

/** '200 MB', '1 GB', '1.5gb' as megabytes (1 GB = 1000 MB); null when it is not a size. */
export function parseStorageSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(KB|MB|GB|TB)\s*$/i.exec(text);
  if (!match) return null;
  return Number(match[1]) * UNITS[match[2].toUpperCase()];
}

export interface StorageNoteInput {
  included_storage: string;
  additional_storage_rate: number;
  storage_block_size: string;
}

/** Extra blocks a total storage needs beyond what is included; null when a size cannot be read. */
export function extraStorageBlocks(total: string, included: string, block: string): number | null {
  const [totalMb, includedMb, blockMb] = [total, included, block].map(parseStorageSize);
  if (totalMb === null || includedMb === null || !blockMb) return null;
  return Math.max(0, Math.ceil((totalMb - includedMb) / blockMb - 1e-9));
}

/**
 * The storage pricing note of a quotation, in its currency, with a worked example: with 200 MB
 * included and €0.09 per 200 MB block, 1 GB is 4 extra blocks, €0.36 per month.
 */
export function storageNote(input: StorageNoteInput & { currency: string }, example: string = QUOTATION_DEFAULTS.exampleStorage): string {
  const money = (cents: number) => formatCurrency(centsToDollars(cents), input.currency);
  const included = input.included_storage.trim() || QUOTATION_DEFAULTS.includedStorage;
  const block = input.storage_block_size.trim() || QUOTATION_DEFAULTS.storageBlockSize;
  const rateCents = toCents(input.additional_storage_rate);
  const base = `Document storage: ${included} included. Additional storage is ${money(rateCents)} per ${block} block per month.`;
  const blocks = extraStorageBlocks(example, included, block);
  if (blocks === null) return base;
  if (blocks === 0) return `${base} Example: ${example} fits within the included storage.`;
  const plural = blocks === 1 ? 'block' : 'blocks';
  return `${base} Example: ${example} = ${blocks} extra ${plural} × ${money(rateCents)} = ${money(blocks * rateCents)} per month.`;
}
