import type { Browser, Page } from '@playwright/test';

export interface ScriptLoad {
  path: string;
  raw: number;
  gzip: number;
}
export interface FirstLoad {
  scripts: ScriptLoad[];
  remotes: string[];
  gzip: number;
  raw: number;
}
/** Every page a visitor opens without signing in (the shell's route table), with the remote it loads. */
export const PUBLIC_ROUTES: { path: string; remote: string | null }[];
export const STAFF_ROUTE: string;
/** The staff links measured as a signed-in user opens them in a fresh tab; `:id` is a prospect's. A link's own budget replaces the staff one. */
export const STAFF_LINKS: { route: string; ready: RegExp; budgetGzip?: number }[];
export interface StaffSession {
  storageState: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;
  recordId: string;
}
export const BUDGETS: { publicPages: string[]; publicGzip: number; publicCeilingGzip: number; publicFiles: number; staffRemotes: string[]; crmGzip: number };
export function measuredRoutes(): { route: string; staff: boolean; budgetGzip: number }[];
export function budgetTable(rows: { route: string; gzip: number; budgetGzip: number }[]): { lines: string[]; failed: boolean };
export function timingVerdict(ms: number, targetMs: number, machine: { load: number; cores: number }): string;
export const CHROMIUM_FLAGS: string[];
export function kib(bytes: number): string;
export function appOf(pathname: string): string;
export function recordScripts(page: Page): { remotes: Set<string>; done(): Promise<FirstLoad> };
export function publicFirstLoad(browser: Browser, base: string, pathname: string): Promise<FirstLoad>;
export function crmFirstLoad(browser: Browser, base: string, account: { email: string; password: string }): Promise<FirstLoad & { listMs: number }>;
export function staffSession(browser: Browser, base: string, account: { email: string; password: string }): Promise<StaffSession>;
export function staffLinkFirstLoad(browser: Browser, base: string, session: StaffSession, link: { route: string; ready: RegExp }): Promise<FirstLoad>;
