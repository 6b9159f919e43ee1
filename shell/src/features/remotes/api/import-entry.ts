/**
 * The browser's own module loader: a remote page's entry is a plain ES module whose shared imports
 * (react, @app/shared...) the shell's import map resolves. Its own file, so tests can stand in for it.
 */
export function importEntry(url: string): Promise<unknown> {
  return import(/* @vite-ignore */ url);
}
