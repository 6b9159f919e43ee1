/**
 * The open dialogs, innermost last: only that one answers Escape and keeps focus, and a toast raised
 * while one is open is shown inside it (the toaster then stays empty), so no toast floats over a
 * dialog's buttons.
 */
const open: symbol[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function pushDialog(token: symbol): void {
  open.push(token);
  emit();
}

export function removeDialog(token: symbol): void {
  const index = open.indexOf(token);
  if (index >= 0) open.splice(index, 1);
  emit();
}

/** The innermost open dialog, if any. */
export function innermostDialog(): symbol | undefined {
  return open[open.length - 1];
}

export function subscribeDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
