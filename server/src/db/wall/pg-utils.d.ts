declare module 'pg/lib/utils' {
  /** node-postgres' own conversion of a parameter to the text it sends. */
  export function prepareValue(value: unknown): string | Buffer | null;
  const utils: { prepareValue: typeof prepareValue };
  export default utils;
}
