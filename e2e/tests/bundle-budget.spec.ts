import { expect, test } from '@playwright/test';
import { BUDGETS, kib, publicFirstLoad } from '@app/shared/build/first-load';

// Reads what the built app serves (npm test builds before the browser tests), so it adds no build of its own.
for (const pathname of BUDGETS.publicPages) {
  test(`a visitor's first load of ${pathname} stays within its JavaScript size and never fetches a staff remote`, async ({ browser, baseURL }) => {
    const load = await publicFirstLoad(browser, baseURL!, pathname);
    const listing = load.scripts.map((s) => `${kib(s.gzip)} ${s.path}`).join('\n');
    expect(load.gzip, `gzip JavaScript of ${pathname}:\n${listing}`).toBeLessThanOrEqual(BUDGETS.publicGzip);
    expect(load.scripts.length, `script files of ${pathname}:\n${listing}`).toBeLessThanOrEqual(BUDGETS.publicFiles);
    expect(load.remotes.filter((remote) => BUDGETS.staffRemotes.includes(remote))).toEqual([]);
    expect(load.remotes).toContain('marketing');
  });
}
