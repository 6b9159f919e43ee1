import { useEffect, useState } from 'react';

/** Search boxes ask the server only once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The value as it was `delay` ms after it last changed. */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
