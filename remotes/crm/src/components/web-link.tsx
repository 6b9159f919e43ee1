import type { ReactNode } from 'react';
import { webHref } from '@app/shared';

/**
 * A record's website or link, opened in a new tab: only an http(s) address becomes a link (text
 * kept from before the contract refused other schemes is shown as text, never run).
 */
export function WebLink({ text, children }: { text: string; children: ReactNode }) {
  const href = webHref(text);
  if (!href) return <span>{text}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
