import { useCallback, useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import { css } from 'styled-components';

/** The room a popover leaves between itself and the window's edge (px). */
export const POPOVER_MARGIN = 8;
/** The gap between a popover and what opened it (px). */
export const POPOVER_GAP = 4;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PopoverPlacement {
  /** Where the popover's box goes in the window (px). */
  left: number;
  top: number;
  /** Taller content scrolls inside this height. */
  maxHeight: number;
  side: 'below' | 'above';
}

export interface PlaceOptions {
  /** Which edge of the anchor the popover lines up with before it is shifted: its start (left) or its end (right). */
  align?: 'start' | 'end';
  gap?: number;
  margin?: number;
}

/**
 * Where a popover of the given size goes beside its anchor so that it stays inside the window: below the anchor,
 * or above it when only above has the room; lined up with the anchor's edge, then shifted sideways as far as
 * needed to keep both of its edges inside the window.
 */
export function placePopover(
  anchor: Box,
  size: { width: number; height: number },
  view: { width: number; height: number },
  { align = 'end', gap = POPOVER_GAP, margin = POPOVER_MARGIN }: PlaceOptions = {},
): PopoverPlacement {
  const below = view.height - anchor.bottom - gap - margin;
  const above = anchor.top - gap - margin;
  const side = size.height <= below || below >= above ? 'below' : 'above';
  const maxHeight = Math.max(0, side === 'below' ? below : above);
  const height = Math.min(size.height, maxHeight);
  const top = side === 'below' ? anchor.bottom + gap : anchor.top - gap - height;
  const preferred = align === 'end' ? anchor.right - size.width : anchor.left;
  const left = Math.max(margin, Math.min(preferred, view.width - margin - size.width));
  return { left, top, maxHeight, side };
}

/** The widest a popover may be: `widest`, and never more than the window less its margins; taller content scrolls. */
export const popoverBounds = (widest = '100vw') => css`
  box-sizing: border-box;
  max-width: min(${widest}, calc(100vw - ${POPOVER_MARGIN * 2}px));
  overflow-y: auto;
`;

/**
 * Keeps an open popover (an absolutely positioned box) inside the window, beside its anchor: returns the style
 * that places it, measured before the browser paints and again when the window is resized or scrolled or the page's
 * content changes size.
 * `horizontal: false` leaves its sideways position to its own CSS (a list as wide as its field).
 */
export function usePopoverPosition(
  open: boolean,
  anchorRef: RefObject<HTMLElement | null>,
  popoverRef: RefObject<HTMLElement | null>,
  { horizontal = true, ...options }: PlaceOptions & { horizontal?: boolean } = {},
): CSSProperties {
  const [style, setStyle] = useState<CSSProperties>({});
  const { align, gap, margin } = options;

  const update = useCallback(() => {
    const anchor = anchorRef.current;
    const popover = popoverRef.current;
    if (!anchor || !popover) return;
    // Coordinates are the window's; the popover is placed in those of the box it is positioned in.
    const frame = (popover.offsetParent ?? document.documentElement).getBoundingClientRect();
    const anchorBox = anchor.getBoundingClientRect();
    const place = placePopover(
      anchorBox,
      { width: popover.offsetWidth, height: popover.scrollHeight },
      { width: document.documentElement.clientWidth, height: window.innerHeight },
      { align, gap, margin },
    );
    const next: CSSProperties = { top: place.top - frame.top, bottom: 'auto', maxHeight: place.maxHeight };
    if (horizontal) Object.assign(next, { left: place.left - frame.left, right: 'auto' });
    setStyle((previous) => (previous.top === next.top && previous.left === next.left && previous.maxHeight === next.maxHeight ? previous : next));
  }, [anchorRef, popoverRef, horizontal, align, gap, margin]);

  useLayoutEffect(() => {
    if (!open) {
      setStyle({});
      return undefined;
    }
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    // Content arriving above the anchor (figures, a banner) moves it without a scroll or a resize;
    // the page's box grows, and the popover is placed again beside where the anchor is now.
    const pageResized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    pageResized?.observe(document.body);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
      pageResized?.disconnect();
    };
  }, [open, update]);

  return style;
}
