export interface SharedSingleton {
  singleton: true;
  requiredVersion: string;
}
export interface SingletonMismatch {
  name: string;
  version: string | null;
  required: string;
}
export declare const sharedSingletons: Record<string, SharedSingleton>;
export declare function singletonMismatches(versions: Record<string, string | undefined>): SingletonMismatch[];
export declare function describeMismatches(mismatches: SingletonMismatch[]): string[];
