import type { ExposedModuleName, RemoteName, RemotePageModule } from '@app/shared';
import type { RemoteChoice, RemotesManifest } from '@app/shared/contracts';
import { getRemotesManifest } from './get-remotes-manifest';
import { importEntry } from './import-entry';
import { failurePhase, reportFailure } from './report-failure';

export type { RemoteName };

/** The version of a remote this page runs, what it falls back to, and the version that failed here, if one did. */
interface Running {
  version: string;
  entry: string;
  fallback: RemoteChoice['fallback'];
  failed: string | null;
}

let manifest: Promise<RemotesManifest> | null = null;
const running = new Map<string, Running>();
const cache = new Map<string, Promise<RemotePageModule>>();
/** The version each loaded page module came from, so a crash is reported against the version that crashed. */
const pageVersions = new WeakMap<RemotePageModule, string>();

const absolute = (entry: string) => new URL(entry, window.location.href).href;

/**
 * A page's entry beside the remote's mf-manifest.json: the import-map build names each expose's entry after it
 * (`./home` → home.js), so no manifest needs fetching first. A retry asks for a URL the browser has not
 * tried, since a module that failed to load or threw stays failed under its URL for the life of the page.
 */
function entryUrl(entry: string, module: string, attempt: number): string {
  const url = new URL(`${module}.js`, absolute(entry));
  if (attempt > 0) url.searchParams.set('attempt', String(attempt));
  return url.href;
}

function currentManifest(): Promise<RemotesManifest> {
  if (!manifest) {
    const fetching = getRemotesManifest();
    fetching.catch(() => {
      if (manifest === fetching) manifest = null;
    });
    manifest = fetching;
  }
  return manifest;
}

let attempts = 0;

async function importPage(remote: string, module: string, retry = false): Promise<RemotePageModule> {
  const key = `${remote}/${module}`;
  const { version, entry } = running.get(remote)!;
  const mod = (await importEntry(entryUrl(entry, module, retry ? ++attempts : 0))) as Partial<RemotePageModule> | undefined;
  if (!mod || (typeof mod.default !== 'function' && typeof mod.default !== 'object')) throw new Error(`${key} did not load`);
  const page = mod as RemotePageModule;
  pageVersions.set(page, version);
  return page;
}

function forget(remote: string) {
  for (const key of cache.keys()) if (key.startsWith(`${remote}/`)) cache.delete(key);
}

/** Switches the remote to its fallback version, if it has one that has not failed here too. */
function fallBack(remote: string): boolean {
  const current = running.get(remote);
  if (!current?.fallback) return false;
  running.set(remote, { ...current.fallback, fallback: null, failed: current.version });
  forget(remote);
  return true;
}

/**
 * A remote's module: tried, then tried once more with the entry fetched anew; if it still fails to
 * load or throws while importing, the failure is reported and the version live before is loaded
 * instead. Only when there is none does the failure reach the page (its error panel with Retry).
 */
async function loadWithFallback(remote: RemoteName, module: string): Promise<RemotePageModule> {
  const remotes = await currentManifest();
  const choice = remotes[remote];
  if (!choice) throw new Error(`No remote named ${remote} in ${Object.keys(remotes).join(', ')}`);
  if (!running.has(remote)) running.set(remote, { version: choice.version, entry: choice.entry, fallback: choice.fallback, failed: null });
  try {
    return await importPage(remote, module);
  } catch {
    // Tried once more below, from a URL of its own.
  }
  try {
    return await importPage(remote, module, true);
  } catch (error) {
    const failing = running.get(remote)!;
    reportFailure(remote, failing.version, failurePhase(error), error);
    if (!fallBack(remote)) throw error;
    return importPage(remote, module);
  }
}

/** A page module the remote declares in packages/shared's ExposedModules, so the shell asks only for names that exist. */
export function loadRemotePage<R extends RemoteName>(remote: R, module: ExposedModuleName<R>): Promise<RemotePageModule> {
  const key = `${remote}/${module}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = loadWithFallback(remote, module);
    pending.catch(() => {
      if (cache.get(key) === pending) cache.delete(key);
    });
    cache.set(key, pending);
  }
  return pending;
}

/**
 * A page of the remote crashed while rendering: reported against the version the page came from,
 * and when that version is still the one running and has a fallback, the remote switches to it.
 * True when the caller should load the page again (from the fallback, or from the version the remote
 * already fell back to); false when there is nothing else to load (the page shows Retry). A page of a
 * version the remote has already left never makes the fallback running now count as failing.
 */
export function fallBackAfterRenderFailure(remote: RemoteName, page: RemotePageModule, error: unknown): boolean {
  const current = running.get(remote);
  if (!current) return false;
  const version = pageVersions.get(page) ?? current.version;
  reportFailure(remote, version, 'render', error);
  if (version !== current.version) return true;
  return fallBack(remote);
}

/**
 * Asks the server which versions this user should run now. A remote this page has not loaded yet
 * will load the new one; for one already running, returns the newer version when it differs from
 * the one on screen (and is not the one that failed here), or null.
 */
export async function newerVersionOf(remote: RemoteName): Promise<string | null> {
  const fresh = await getRemotesManifest();
  manifest = Promise.resolve(fresh);
  const current = running.get(remote);
  const latest = fresh[remote]?.version;
  if (!current || !latest || latest === current.version || latest === current.failed) return null;
  return latest;
}
