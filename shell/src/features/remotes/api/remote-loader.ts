import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { getToken, type RemoteName, type RemotePageModule } from '@app/shared';
import type { RemotesManifest } from '@app/shared/contracts';

export type { RemoteName };

/** Where the remotes live is read at run time, so a new remote version needs no shell rebuild. */
export const REMOTES_MANIFEST_URL = '/mf-remotes.json';

let registered: Promise<void> | null = null;

async function fetchManifest(): Promise<RemotesManifest> {
  // Signed in, the user's id places them for canaries by share and their tenant for canaries by tenant.
  const token = getToken();
  const response = await fetch(REMOTES_MANIFEST_URL, { cache: 'no-store', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Remotes manifest answered ${response.status}`);
  return (await response.json()) as RemotesManifest;
}

function ensureRegistered(force: boolean): Promise<void> {
  if (!registered || force) {
    registered = fetchManifest().then((manifest) => {
      const remotes = Object.entries(manifest).map(([name, choice]) => ({
        name,
        entry: new URL(choice.entry, window.location.href).href,
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
