import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.FIT_SCREENSHOTS ?? '/tmp/fit';

/**
 * What a reader of the screen would find cut off, as sentences (empty when the screen fits):
 * - the page is wider than the window (it pans sideways);
 * - a piece of text reaches past the edge of a box that clips it, unless that box scrolls sideways and shows
 *   that it does (a border on both sides, or a scroll shadow or fade edge), or, outside tables, ends in an ellipsis;
 * - a table cell's content spills out of the cell;
 * - a select is too narrow for the option it shows, unless that option is wider than the window allows and the
 *   select names it in full on hover (`title`).
 */
export function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) => {
      const label = el.getAttribute('aria-label') ?? el.getAttribute('role') ?? el.id;
      return `<${el.tagName.toLowerCase()}${label ? ` "${label}"` : ''}>`;
    };
    const snippet = (text: string) => JSON.stringify(text.trim().replace(/\s+/g, ' ').slice(0, 40));
    const transparent = (color: string) => color === 'transparent' || /rgba\(.*,\s*0\)$/.test(color);
    const sideVisible = (s: CSSStyleDeclaration, side: 'Left' | 'Right') =>
      parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
      s.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' &&
      !transparent(s.getPropertyValue(`border-${side.toLowerCase()}-color`));
    /** A sideways scroller a user can tell apart: framed on both sides, or drawn with a scroll shadow or a fade. */
    const showsItsEdge = (el: Element) => {
      const s = getComputedStyle(el);
      const mask = s.getPropertyValue('mask-image') || s.getPropertyValue('-webkit-mask-image');
      return (sideVisible(s, 'Left') && sideVisible(s, 'Right')) || s.backgroundImage !== 'none' || (mask !== '' && mask !== 'none');
    };
    const hiddenByDesign = (el: Element | null) => {
      for (let node = el; node; node = node.parentElement) {
        const s = getComputedStyle(node);
        if (s.visibility === 'hidden' || s.opacity === '0') return true;
        if (s.clipPath !== 'none' || (s.clip && s.clip !== 'auto')) return true;
      }
      return false;
    };

    const width = window.innerWidth;
    const scrolling = document.scrollingElement!;
    if (scrolling.scrollWidth > width) {
      // Name the outermost elements that reach past the window, so the failure points at a cause.
      const clipped = (el: Element) => {
        for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== 'visible' && box.getBoundingClientRect().right <= width + 1) return true;
        }
        return false;
      };
      const beyond = [...document.body.querySelectorAll('*')].filter((el) => {
        const rect = el.getBoundingClientRect();
        return rect.width > 0 && rect.right > width + 1 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1) && !clipped(el);
      });
      problems.push(`the page is ${scrolling.scrollWidth}px wide in a ${width}px window: ${beyond.slice(0, 4).map(name).join(', ') || 'no element found'}`);
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const reported = new Set<Element>();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const parent = text.parentElement;
      if (!parent || !text.textContent?.trim() || parent.closest('script, style, select, option, textarea, noscript')) continue;
      range.selectNodeContents(text);
      const rect = range.getBoundingClientRect();
      // Nothing to see, or moved far off the screen on purpose (a form's trap for robots).
      if ((rect.width === 0 && rect.height === 0) || rect.right < -1000) continue;
      if (hiddenByDesign(parent)) continue;
      for (let box = parent.parentElement ? parent : null; box && box !== document.body && box !== document.documentElement; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === 'visible') continue;
        const boxRect = box.getBoundingClientRect();
        const left = boxRect.left + box.clientLeft;
        const right = left + box.clientWidth;
        if (rect.left >= left - 1 && rect.right <= right + 1) continue;
        const scrolls = (overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth + 1;
        if (scrolls && showsItsEdge(box)) break;
        // Outside tables a value cut with an ellipsis says so itself; in a table the cell must wrap or scroll.
        if (getComputedStyle(box).textOverflow === 'ellipsis' && !box.closest('td, th')) break;
        if (!reported.has(box)) {
          reported.add(box);
          problems.push(
            `${snippet(text.textContent)} is cut by ${name(box)} (overflow-x: ${overflow}${scrolls ? ', scrolls with no visible edge' : ''}; text ${Math.round(rect.left)}–${Math.round(rect.right)}, box ${Math.round(left)}–${Math.round(right)})`,
          );
        }
        break;
      }
    }

    for (const cell of document.querySelectorAll('td, th')) {
      if (cell.getClientRects().length === 0 || hiddenByDesign(cell)) continue;
      if (cell.scrollWidth > cell.clientWidth + 1 && ![...cell.children].every((child) => hiddenByDesign(child))) {
        problems.push(`table cell ${snippet(cell.textContent ?? '')} holds ${cell.scrollWidth}px in ${cell.clientWidth}px`);
      }
    }

    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll('select')) {
      if (select.getClientRects().length === 0 || hiddenByDesign(select)) continue;
      const s = getComputedStyle(select);
      const shown = select.selectedOptions[0]?.textContent ?? '';
      canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const needed = canvas.measureText(shown).width;
      // A native arrow takes about a em inside the padding box; a styled one sits in the right padding.
      const arrow = s.appearance === 'none' ? 0 : parseFloat(s.fontSize);
      const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - arrow;
      // An option wider than the page can give is cut, named in full on hover; a screen reader reads it whole.
      const namedOnHover = select.title.trim() === shown.trim() && select.getBoundingClientRect().width >= (select.parentElement?.clientWidth ?? 0) - 1;
      if (needed > room + 1 && !namedOnHover) {
        const label = select.labels?.[0]?.textContent?.trim() ?? select.getAttribute('aria-label') ?? '';
        problems.push(`select ${snippet(label)} shows ${snippet(shown)} (${Math.ceil(needed)}px) in ${Math.floor(room)}px`);
      }
    }
    return problems;
  });
}

/** Screenshots the screen as `name` and expects nothing on it to be cut off or to pan sideways; failures are collected, not fatal. */
export async function expectFits(page: Page, name: string) {
  // Layout settles after fonts and lazy chunks; a frame later it is what the user sees.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null)))));
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  expect.soft(await misfits(page), `${name} at ${page.viewportSize()?.width}px`).toEqual([]);
}

/** 100 characters without a space or a hyphen: the longest "word" a user can type into most fields. */
export const unbroken = (start: string, length = 100) => (start + 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(length / 26))).slice(0, length);

/** Expects the box to lie wholly inside the window (a pixel of rounding aside). */
export async function expectInsideWindow(page: Page, box: Locator, what: string, { vertical = true } = {}) {
  const rect = await box.boundingBox();
  const width = page.viewportSize()!.width;
  const height = page.viewportSize()!.height;
  expect(rect, what).not.toBeNull();
  expect.soft(rect!.x, `${what}: left edge at ${width}px`).toBeGreaterThanOrEqual(-1);
  expect.soft(rect!.x + rect!.width, `${what}: right edge at ${width}px`).toBeLessThanOrEqual(width + 1);
  if (!vertical) return;
  expect.soft(rect!.y, `${what}: top edge at ${width}px`).toBeGreaterThanOrEqual(-1);
  expect.soft(rect!.y + rect!.height, `${what}: bottom edge at ${width}px`).toBeLessThanOrEqual(height + 1);
}
