import { useEffect, useState } from 'react';
import type { RemoteName } from '../api/remote-loader';

/** What a page belongs to: a remote's pages are its area, the shell's own pages (sign-in, not found, …) one more. */
export type Area = RemoteName | 'shell';

/** The area of the page on screen last; null until the tab's first page is shown. */
let shownArea: Area | null = null;

/** Marks the page being shown as the area's, once it is on screen. */
export function useAreaShown(area: Area): void {
  useEffect(() => {
    shownArea = area;
  }, [area]);
}

/**
 * The area of the page on screen before this one (null on the tab's first page), fixed for the
 * page's life. Read when the page is first rendered, before it marks itself shown, so a page that
 * appears later (after a sign-in check or a lazy load) still knows where its user came from.
 */
export function useAreaCameFrom(): Area | null {
  const [cameFrom] = useState(() => shownArea);
  return cameFrom;
}
