import type { ReleaseFiles } from './release-control.cjs';
export declare const IMMUTABLE: string;
export declare function folderFiles(cdn: string): ReleaseFiles;
export declare function bucketFiles(options: { bucket: string; endpoint?: string; region?: string }): ReleaseFiles;
export declare function releaseFiles(env: Record<string, string | undefined>, cdn: string): ReleaseFiles;
export declare function uploadableFiles(dist: string): string[];
