/*
 * A website a record names is opened from the CRM, so only a web page may become a link: a
 * `javascript:` or `data:` address typed into Website must never run in a colleague's browser.
 * The contracts refuse such text on the way in, and screens link only what this accepts (rows
 * stored before the rule keep their text, shown unlinked).
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):(.*)$/is;

/** The address to open for a website as written ('example.com' → 'https://example.com'), or undefined when it is no http(s) page. */
export function webHref(text: string | null | undefined): string | undefined {
  const written = (text ?? '').trim();
  // A browser reads 'http:site', '//site' and backslashes each its own way: only the plain forms are links.
  if (!written || /[\s\\]/.test(written) || written.startsWith('/')) return undefined;
  const scheme = SCHEME.exec(written);
  // 'example.com:8080/x' is a host and port, not a scheme.
  const hasScheme = scheme !== null && !/^\d/.test(scheme[2] ?? '');
  if (hasScheme && !/^https?:\/\/[^/]/i.test(written)) return undefined;
  const href = hasScheme ? written : `https://${written}`;
  try {
    const url = new URL(href);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (!url.hostname.includes('.') && url.hostname !== 'localhost')) return undefined;
    return href;
  } catch {
    return undefined;
  }
}

/** What the contracts say of a website that is not an http(s) address. */
export const websiteInvalidDetail = (field: string) => `${field}: must be a web address starting with http:// or https://, such as https://example.com`;
