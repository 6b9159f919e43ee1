export declare const BUILTIN: 'builtin';
export declare const MANIFEST_FILE: string;
export declare const RECORD_FILE: string;
export declare const REMOTE_NAMES: string[];
export declare const VERSION_PATTERN: RegExp;
export declare const REMOTE_NAME_PATTERN: RegExp;
export type ReleaseErrorReason = 'not-found' | 'bad-input' | 'conflict';
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
export declare function assertRemote(name: unknown): asserts name is string;
export declare function assertVersion(version: unknown): asserts version is string;
export declare function releaseDir(cdn: string, remote: string, version: string): string;
export declare function readManifest(cdn: string): { remotes: Record<string, Partial<RemoteEntry>> };
export declare function updateManifest(cdn: string, change: (manifest: { remotes: Record<string, Partial<RemoteEntry>> }) => void): Promise<unknown>;
export declare function setLive(cdn: string, remote: string, version: string, options?: CanaryOptions, now?: Date): Promise<boolean>;
export declare function rollBack(cdn: string, remote: string, now?: Date): Promise<{ ended?: string; restored?: string }>;
export declare function readRecord(cdn: string, remote: string, version: string): Record<string, unknown>;
export declare function promote(cdn: string, remote: string, version: string, options?: CanaryOptions, now?: Date): Promise<boolean>;
export declare function rollback(cdn: string, remote: string, now?: Date): Promise<{ ended?: string; restored?: string }>;
export declare function remoteState(cdn: string, remote: string): RemoteState;
export declare function listReleases(cdn: string, remote: string): ReleaseListing[];
