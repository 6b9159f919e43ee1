// Kept under its local path so the tabs read the same; the hook lives in the shared kit.
export { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@app/shared';
