export declare const BUILTIN: 'builtin';
export declare const MANIFEST_FILE: string;
export declare const RECORD_FILE: string;
export declare const REMOTE_NAMES: string[];
export declare const VERSION_PATTERN: RegExp;
export declare const REMOTE_NAME_PATTERN: RegExp;
/** How the API answers it: not-found 404, bad-input 400, conflict 409, unavailable (the bucket or database could not be reached) 503. */
export type ReleaseErrorReason = 'not-found' | 'bad-input' | 'conflict' | 'unavailable';
export declare class ReleaseError extends Error {
  constructor(message: string, reason?: ReleaseErrorReason);
  reason: ReleaseErrorReason;
}
export interface Canary {
  version: string;
  percent: number | null;
  tenants: string[];
  since: string;
}
export interface HistoryEntry {
  action: 'promote' | 'canary' | 'end-canary' | 'rollback';
  version: string;
  at: string;
  percent?: number | null;
  tenants?: string[];
}
export interface RemoteEntry {
  live: string;
  previous: string[];
  canary: Canary | null;
  history: HistoryEntry[];
}
export interface RemoteState extends RemoteEntry {
  fallback: string | null;
}
/** Either left out (undefined) keeps the running canary's own when the same version's canary changes; null and [] say none. */
export interface CanaryOptions {
  percent?: number | null;
  tenants?: string[];
}
export interface ReleaseListing {
  version: string;
  commit: string | null;
  publishedAt: string | null;
  live: boolean;
  canary: Canary | null;
}
/** What the manifest says of one remote, reduced to what choosing a version needs. */
export interface RemoteRelease {
  live: string;
  previous: string[];
  canary: { version: string; percent: number | null; tenants: string[] } | null;
}
export declare function readReleases(manifest: unknown): Record<string, RemoteRelease>;
export declare function fallbackVersion(release: { live: string; previous: readonly string[] }, onCanary: boolean): string | null;
export interface Manifest {
  remotes: Record<string, Partial<RemoteEntry>>;
}
/** The manifest's one row, read and changed under its lock. */
export interface ManifestStore {
  read(): Promise<Manifest>;
  update(change: (manifest: Manifest) => void): Promise<Manifest>;
}
export type ManifestQuery = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;
export interface CarriedManifest {
  manifest: Manifest;
  from: string;
}
/** A published version's record, as `pnpm release` writes it beside the build. */
export type ReleaseRecord = Record<string, unknown> & { shared?: Record<string, string>; commit?: string; publishedAt?: string };
/** Where published versions are kept (release-files.cjs). */
export interface ReleaseFiles {
  kind: 'folder' | 'bucket';
  where: string;
  location(remote: string, version: string): string;
  readRecord(remote: string, version: string): Promise<ReleaseRecord | null>;
  published(remote: string): Promise<Array<{ version: string; record: ReleaseRecord }>>;
  assertUnpublished(remote: string, version: string): Promise<void>;
  put(remote: string, version: string, dist: string, record: ReleaseRecord): Promise<void>;
}
export interface ReleaseStores {
  manifest: ManifestStore;
  files: ReleaseFiles;
}
export declare const MANIFEST_SQL: Record<'read' | 'lock' | 'write' | 'create', string>;
export declare function readManifestFile(cdn: string): Manifest | null;
export declare function carryOverFrom(cdn: string): () => CarriedManifest | null;
export declare function databaseManifest(
  transaction: <T>(work: (query: ManifestQuery) => Promise<T>) => Promise<T>,
  carryOver?: () => CarriedManifest | null,
): ManifestStore;
export declare function assertRemote(name: unknown): asserts name is string;
export declare function assertVersion(version: unknown): asserts version is string;
export declare function releaseDir(cdn: string, remote: string, version: string): string;
export declare function setLive(manifest: ManifestStore, remote: string, version: string, options?: CanaryOptions, now?: Date): Promise<boolean>;
export declare function rollBack(manifest: ManifestStore, remote: string, now?: Date): Promise<{ ended?: string; restored?: string }>;
export declare function readRecord(files: ReleaseFiles, remote: string, version: string): Promise<ReleaseRecord>;
export declare function promote(stores: ReleaseStores, remote: string, version: string, options?: CanaryOptions, now?: Date): Promise<boolean>;
export declare function rollback(stores: Pick<ReleaseStores, 'manifest'>, remote: string, now?: Date): Promise<{ ended?: string; restored?: string }>;
export declare function remoteState(manifest: ManifestStore, remote: string): Promise<RemoteState>;
export declare function listReleases(stores: ReleaseStores, remote: string): Promise<ReleaseListing[]>;
