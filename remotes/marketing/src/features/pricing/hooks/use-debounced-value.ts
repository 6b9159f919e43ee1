// Kept under its local path; the hook lives in the shared kit.
export { useDebouncedValue } from '@app/shared';
