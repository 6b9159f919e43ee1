import pgUtils from 'pg/lib/utils';

/**
 * A parameterised statement rewritten with its values as quoted literals, so that it can travel in
 * one simple query behind the statement that sets the tenant context (one round trip, one implicit
 * transaction). Values are converted exactly as node-postgres converts parameters and sent as
 * untyped literals, which PostgreSQL resolves from their context as it resolves untyped parameters.
 *
 * Answers null (the caller then sends the statement with its parameters) whenever the text is not
 * plainly tokenisable here: backslashes (E'' strings), dollar quoting, block comments, or a value
 * that is binary or holds a NUL byte.
 */
export function inlineParams(text: string, values: readonly unknown[] | undefined): string | null {
  if (!values || values.length === 0) return text;
  if (/[\\]|\$(?!\d)|\/\*/.test(text)) return null;
  const literals = literalsOf(values);
  if (literals === null) return null;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "'" || ch === '"') {
      const end = closingQuote(text, i, ch);
      if (end < 0) return null;
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (ch === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += text.slice(i, stop);
      i = stop;
    } else if (ch === '$') {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      const index = Number(text.slice(i + 1, j));
      if (!(index >= 1 && index <= literals.length)) return null;
      // A space first, so no letter before the placeholder can turn the literal into B'', X'', E'' or U&''.
      out += ` ${literals[index - 1]}`;
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** The index of the quote closing the one at `start` (a doubled quote is part of the text). */
function closingQuote(text: string, start: number, quote: string): number {
  let i = start + 1;
  for (;;) {
    const next = text.indexOf(quote, i);
    if (next < 0) return -1;
    if (text[next + 1] === quote) {
      i = next + 2;
      continue;
    }
    return next;
  }
}

/** Each value as a quoted literal (for `EXECUTE name(...)` too), or null when one cannot be sent as text. */
export function literalsOf(values: readonly unknown[]): string[] | null {
  const literals: string[] = [];
  for (const value of values) {
    const literal = toLiteral(value);
    if (literal === null) return null;
    literals.push(literal);
  }
  return literals;
}

function toLiteral(value: unknown): string | null {
  const prepared = pgUtils.prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (typeof prepared !== 'string' || prepared.includes('\0')) return null;
  const quoted = prepared.replaceAll("'", "''");
  // An escape string reads backslashes the same whatever standard_conforming_strings says.
  return prepared.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}
