/** What forgetting the cache needs of the app's query client, without loading react-query to name it. */
interface ClearableCache {
  clear(): void;
}

let appCache: ClearableCache | null = null;

/** Called once by the module that creates the app's query client. */
export function registerQueryCache(cache: ClearableCache): void {
  appCache = cache;
}

/**
 * Forgets every cached answer (signing out, an expired session). Before any screen has used a query
 * there is nothing to forget, and react-query is not loaded for it.
 */
export function clearQueryCache(): void {
  appCache?.clear();
}
