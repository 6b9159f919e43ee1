import pgUtils from 'pg/lib/utils';

/**
 * A parameterised statement rewritten with its values as quoted literals, so that embedded PGlite
 * can run it in one `exec` behind the statement that sets the tenant context (one implicit
 * transaction; PostgreSQL binds the parameters instead, context-query.ts). Values are converted exactly as node-postgres converts parameters and sent as
 * untyped literals, which PostgreSQL resolves from their context as it resolves untyped parameters.
 *
 * Answers null (the caller then sends the statement with its parameters) whenever the text is not
 * plainly tokenisable here: backslashes (E'' strings), dollar quoting, block comments, or a value
 * that is binary or holds a NUL byte.
 */
export function inlineParams(text: string, values: readonly unknown[] | undefined): string | null {
  if (!values || values.length === 0) return text;
  const split = splitAtPlaceholders(text);
  if (split === null) return null;
  const literals = literalsOf(values);
  if (literals === null) return null;
  let out = split.parts[0];
  for (let k = 0; k < split.placeholders.length; k++) {
    const index = split.placeholders[k];
    if (index > literals.length) return null;
    // A space first, so no letter before the placeholder can turn the literal into B'', X'', E'' or U&''.
    out += ` ${literals[index - 1]}${split.parts[k + 1]}`;
  }
  return out;
}

/** A statement's text cut at its placeholders: parts[k], then placeholder k ($n), then parts[k + 1]... */
interface SplitText {
  parts: string[];
  placeholders: number[];
}

// drizzle writes the same text for each shape of a query, so the cut is made once per text.
const splits = new Map<string, SplitText | null>();
const MAX_SPLITS = 2000;

function splitAtPlaceholders(text: string): SplitText | null {
  let split = splits.get(text);
  if (split !== undefined) return split;
  split = cut(text);
  if (splits.size >= MAX_SPLITS) splits.clear();
  splits.set(text, split);
  return split;
}

function cut(text: string): SplitText | null {
  if (/[\\]|\$(?!\d)|\/\*/.test(text)) return null;
  const parts: string[] = [];
  const placeholders: number[] = [];
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "'" || ch === '"') {
      const end = closingQuote(text, i, ch);
      if (end < 0) return null;
      i = end + 1;
    } else if (ch === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (ch === '$') {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      const index = Number(text.slice(i + 1, j));
      if (!(index >= 1)) return null;
      parts.push(text.slice(from, i));
      placeholders.push(index);
      from = i = j;
    } else {
      i++;
    }
  }
  parts.push(text.slice(from));
  return { parts, placeholders };
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
function literalsOf(values: readonly unknown[]): string[] | null {
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
