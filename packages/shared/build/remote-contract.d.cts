export declare const REPO_ROOT: string;
export declare function remoteDir(remote: string): string;
export declare function exposedModules(remote: string): Record<string, string>;
export declare function declaredSharedVersions(remote: string): Record<string, string | undefined>;
export declare function resolvedSharedVersions(remote: string): Record<string, string | undefined>;
