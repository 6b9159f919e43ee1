/** How long the painted-ahead page waits for the live one before giving way anyway (a slow or failed load shows its own state). */
const TAKE_OVER_TIMEOUT_MS = 10_000;

/**
 * The element the app renders into. When the server sent a page painted ahead (#root[data-prerendered]),
 * the app renders out of sight beside it, and the live page replaces the painted one in a single step
 * once it shows its heading: the visitor sees no blank, no spinner and no shift in between.
 */
export function appContainer(doc: Document = document): HTMLElement {
  const root = doc.getElementById('root')!;
  if (!root.hasAttribute('data-prerendered')) return root;
  const live = doc.createElement('div');
  live.hidden = true;
  root.after(live);
  let done = false;
  const takeOver = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
    root.replaceWith(live);
    live.id = 'root';
    live.hidden = false;
    doc.querySelector('style[data-prerendered]')?.remove();
  };
  const observer = new MutationObserver(() => {
    if (live.querySelector('h1')) takeOver();
  });
  observer.observe(live, { childList: true, subtree: true });
  const timer = window.setTimeout(takeOver, TAKE_OVER_TIMEOUT_MS);
  return live;
}
