import { lazy } from 'react';

/**
 * Gives what it wraps the app's one query client. react-query comes with the first screen that
 * wraps itself in a scope (a staff screen, a form), so a public page paints without it. It suspends
 * while loading: the caller's Suspense boundary holds the place.
 */
export const QueryScope = lazy(() => import('./app-query-provider').then((m) => ({ default: m.AppQueryProvider })));
