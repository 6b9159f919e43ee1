import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads when it first renders, so the prospects list does not wait for
 * screens and dialogs nobody has opened yet. `preload()` starts the download early, when the pointer
 * moves over what opens it or the focus reaches it, so the part is usually there by the time it is
 * shown. A pointer that only rests where the page happens to paint them has chosen nothing: it preloads nothing.
 */
export function lazyPart<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  let pending: Promise<M> | undefined;
  const preload = () => (pending ??= load());
  const Part = lazy(() => preload().then((module) => ({ default: module[name] as ComponentType<PartProps<M[K]>> })));
  return Object.assign(Part, { preload });
}

type PartProps<C> = C extends ComponentType<infer P> ? P : never;
