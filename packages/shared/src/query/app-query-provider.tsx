import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createAppQueryClient } from './query-client';
import { registerQueryCache } from './query-cache';

// One client for the whole app: every screen that asks for it shares one cache.
const appQueryClient = createAppQueryClient();
registerQueryCache(appQueryClient);

export function AppQueryProvider({ children }: { children: ReactNode }) {
  // Inside another client (a test's, or an outer scope) the screen keeps that one.
  if (useContext(QueryClientContext)) return children;
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
