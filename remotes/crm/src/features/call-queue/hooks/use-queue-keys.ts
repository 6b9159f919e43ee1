import { useEffect } from 'react';

/** Keys typed into a field or a dialog belong to it, not to the queue. */
function typingElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[role="dialog"]')) return true;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The queue's keys (1 to 9, C, S, N) while the screen is open. */
export function useQueueKeys(enabled: boolean, onKey: (key: string) => void) {
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingElsewhere(event.target)) return;
      const key = event.key.length === 1 ? event.key.toUpperCase() : '';
      if (!/^[1-9CSN]$/.test(key)) return;
      event.preventDefault();
      onKey(key);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled, onKey]);
}
