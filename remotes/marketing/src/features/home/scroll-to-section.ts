/**
 * Scrolls to an in-page section and moves focus there, so keyboard and screen-reader users
 * continue from the section they asked for. Smooth only when the visitor has not asked for
 * reduced motion.
 */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}
