/**
 * A loader that fetches a module once and hands every caller the same promise; a failed fetch is
 * forgotten, so the next call tries again (a dropped connection is not the page's last word).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
