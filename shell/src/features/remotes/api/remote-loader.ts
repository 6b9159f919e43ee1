import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteName, RemotePageModule } from '@app/shared';

export type { RemoteName };

/** Where the remotes live is read at run time, so a new remote version needs no shell rebuild. */
export const REMOTES_MANIFEST_URL = '/mf-remotes.json';

let registered: Promise<void> | null = null;

async function fetchManifest(): Promise<Record<string, string>> {
  const response = await fetch(REMOTES_MANIFEST_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Remotes manifest answered ${response.status}`);
  return (await response.json()) as Record<string, string>;
}

function ensureRegistered(force: boolean): Promise<void> {
  if (!registered || force) {
    registered = fetchManifest().then((manifest) => {
      const remotes = Object.entries(manifest).map(([name, entry]) => ({
        name,
        entry: new URL(entry, window.location.href).href,
      }));
      // force re-registers after a failure, so Retry fetches the entry again instead of reusing a broken one.
      registerRemotes(remotes, { force });
    });
    registered.catch(() => {
      registered = null;
    });
  }
  return registered;
}

const cache = new Map<string, Promise<RemotePageModule>>();
const failed = new Set<RemoteName>();

export function loadRemotePage(remote: RemoteName, module: string): Promise<RemotePageModule> {
  const key = `${remote}/${module}`;
  let pending = cache.get(key);
  if (!pending) {
    const retrying = failed.has(remote);
    failed.delete(remote);
    pending = ensureRegistered(retrying)
      .then(() => loadRemote<RemotePageModule>(key))
      .then((mod) => {
        if (!mod || (typeof mod.default !== 'function' && typeof mod.default !== 'object')) {
          throw new Error(`${key} did not load`);
        }
        return mod;
      });
    pending.catch(() => {
      cache.delete(key);
      failed.add(remote);
    });
    cache.set(key, pending);
  }
  return pending;
}
