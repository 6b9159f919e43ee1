import type { ReactNode } from 'react';
import { useAreaShown } from '../hooks/use-area';

/** One of the shell's own pages: leaving a remote's page for it and coming back checks that remote's version. */
export function ShellArea({ children }: { children: ReactNode }) {
  useAreaShown('shell');
  return <>{children}</>;
}
