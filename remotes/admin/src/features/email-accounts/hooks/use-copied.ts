import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a copy button says 'Copied'. */
export const COPIED_INDICATOR_MS = 2000;

/** Which copy button last succeeded, cleared after COPIED_INDICATOR_MS. */
export function useCopied<K extends string>() {
  const [copied, setCopied] = useState<K | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const markCopied = useCallback((key: K) => {
    clearTimeout(timer.current);
    setCopied(key);
    timer.current = setTimeout(() => setCopied(null), COPIED_INDICATOR_MS);
  }, []);

  return { copied, markCopied };
}
