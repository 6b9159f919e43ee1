import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, ErrorPanel, errorMessage } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import { RecordNotFound } from './record-not-found';

/** The server answers a record the user may not see like one that does not exist (404); a malformed id is 400. */
function isMissingRecord(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export interface RecordQueryGateProps<T> {
  query: UseQueryResult<T>;
  noun: 'Prospect' | 'Lead';
  children: (record: T) => ReactNode;
}

/** A record page's loading, not-found and error states, the same for every kind of record; the page once it has its record. */
export function RecordQueryGate<T>({ query, noun, children }: RecordQueryGateProps<T>) {
  const lower = noun.toLowerCase();
  if (query.isPending) return <LoadingState label={`Loading ${lower}...`} />;
  if (query.isError) {
    if (isMissingRecord(query.error)) return <RecordNotFound noun={noun} />;
    return <ErrorPanel title={`Failed to load the ${lower}`} message={errorMessage(query.error, 'Please try again.')} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
