import { useEffect } from 'react';

/** Each page names itself in the browser tab, as the shell's own pages do. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Orbitra Group`;
  }, [title]);
}
