import { expect, test } from '@playwright/test';
import { BUDGETS, kib, PUBLIC_ROUTES, publicFirstLoad } from '@app/shared/build/first-load';

// Every public route of the shell's route table, so a new one is held to the budget from its first build.
// Reads what the built app serves (npm test builds before the browser tests), so it adds no build of its own.
test('the route table has public pages of the shell and of the marketing remote', () => {
  expect(PUBLIC_ROUTES.map((route) => route.path)).toEqual(expect.arrayContaining(['/', '/contact', '/login', '/platform-select', '/forgot-password']));
  expect(PUBLIC_ROUTES.map((route) => route.path)).not.toContain('/crm');
});

for (const { path: pathname, remote } of PUBLIC_ROUTES) {
  test(`a visitor's first load of ${pathname} stays within its JavaScript size and never fetches a staff remote`, async ({ browser, baseURL }) => {
    const load = await publicFirstLoad(browser, baseURL!, pathname);
    const listing = load.scripts.map((s) => `${kib(s.gzip)} ${s.path}`).join('\n');
    expect(load.gzip, `gzip JavaScript of ${pathname}:\n${listing}`).toBeLessThanOrEqual(BUDGETS.publicCeilingGzip);
    expect(load.scripts.length, `script files of ${pathname}:\n${listing}`).toBeLessThanOrEqual(BUDGETS.publicFiles);
    expect(load.remotes.filter((name) => BUDGETS.staffRemotes.includes(name))).toEqual([]);
    if (remote) expect(load.remotes).toContain(remote);
  });
}
