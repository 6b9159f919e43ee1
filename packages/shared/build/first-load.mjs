// What a browser fetches on a first load of the built app: every script, with its gzip size.
// Shared by `pnpm bench:bundle` and the size budget spec, so both count the same bytes the same way.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** The shell's route table: the routes the app serves, its own pages and each remote's. */
const routeTable = JSON.parse(readFileSync(new URL('../../../shell/src/app/route-table.json', import.meta.url), 'utf8'));

/**
 * Every page a visitor can open without signing in, from the shell's route table: its own pages and
 * the remotes' routes that ask for no sign-in (a staff route names the message a visitor is sent home
 * with). A route with a parameter (a client's quotation link) has no page without a live link, so it
 * is left out. Each comes with the remote it loads, if any.
 * @type {{ path: string, remote: string | null }[]}
 */
export const PUBLIC_ROUTES = [
  ...routeTable.shellPages.map(({ path }) => ({ path, remote: null })),
  ...routeTable.remoteRoutes.filter((route) => !route.authMessage).map(({ path, remote }) => ({ path, remote })),
].filter(({ path }) => !path.includes(':'));

/** The staff route `pnpm bench:bundle` measures: from a fresh login page to the prospects list of /crm. */
export const STAFF_ROUTE = '/login → /crm';

/**
 * The other ways into the staff app: a signed-in user opening a link (the leads list, the board, My day, a
 * prospect's page) in a fresh tab, nothing cached. `:id` is one of the demo tenant's prospects. Each is measured
 * once its page shows what `ready` names: a level-1 heading and the text a user opened it for.
 * @type {{ route: string, ready: RegExp }[]}
 */
export const STAFF_LINKS = [
  { route: '/crm?tab=leads', ready: /^Showing [\d,]+ of [\d,]+ leads$/ },
  // The board carries its drag and drop (@dnd-kit/core) and its virtual columns, 28 KiB beside the
  // leads list: it is held to its own budget, so that it does not grow while it stays over the staff one.
  { route: '/crm?view=board', ready: /^Open pipeline$/, budgetGzip: 180 * 1024 },
  { route: '/crm/my-day', ready: /^Overdue \(\d+\)$/ },
  { route: '/crm/prospects/:id', ready: /^Timeline$/ },
];

/**
 * A visitor's budget for the public pages, and a staff user's for signing in to the prospects list:
 * what `pnpm bench:bundle` holds every first load to. The size test of the browser suite holds the public
 * pages to `publicCeilingGzip` instead, the most they may grow back to while the budget is not yet met everywhere.
 */
export const BUDGETS = {
  publicPages: PUBLIC_ROUTES.map((route) => route.path),
  publicGzip: 120 * 1024,
  publicCeilingGzip: 150 * 1024,
  publicFiles: 20,
  staffRemotes: ['crm', 'quotations', 'admin'],
  crmGzip: 150 * 1024,
};

/**
 * Every first load the bench measures, each with its gzip budget: every public page of the route table,
 * then the staff route and the staff links, each at the staff budget unless the link names its own.
 * @returns {{ route: string, staff: boolean, budgetGzip: number }[]}
 */
export function measuredRoutes() {
  return [
    ...BUDGETS.publicPages.map((route) => ({ route, staff: false, budgetGzip: BUDGETS.publicGzip })),
    { route: STAFF_ROUTE, staff: true, budgetGzip: BUDGETS.crmGzip },
    ...STAFF_LINKS.map(({ route, budgetGzip }) => ({ route, staff: true, budgetGzip: budgetGzip ?? BUDGETS.crmGzip })),
  ];
}

/**
 * One line per measured load, its figure beside its budget: `  /about  117.3 KiB of 120.0 KiB  pass`.
 * @param {{ route: string, gzip: number, budgetGzip: number }[]} rows
 * @returns {{ lines: string[], failed: boolean }}
 */
export function budgetTable(rows) {
  const width = Math.max(...rows.map((row) => row.route.length));
  const lines = rows.map(
    ({ route, gzip, budgetGzip }) =>
      `  ${route.padEnd(width)}  ${kib(gzip).padStart(10)} of ${kib(budgetGzip).padStart(10)}  ${gzip <= budgetGzip ? 'pass' : 'FAIL'}`,
  );
  return { lines, failed: rows.some((row) => row.gzip > row.budgetGzip) };
}

/**
 * A time the bench measures, beside its target: `target 1500 ms: PASS` or `MISS`, with the machine's load
 * when it was taken. A time depends on what else the machine runs, so it is reported, never failing the
 * run as a size over its budget does.
 * @param {number} ms
 * @param {number} targetMs
 * @param {{ load: number, cores: number }} machine
 * @returns {string}
 */
export function timingVerdict(ms, targetMs, { load, cores }) {
  return `target ${targetMs} ms: ${ms <= targetMs ? 'PASS' : 'MISS'} (load ${load.toFixed(2)} on ${cores} cores)`;
}

/** Chromium's flags for the browser tests and the measures: no sandbox (containers), no background traffic that would count as the page's. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Which app served a script: /remotes/<name>/… is that remote, anything else the shell. */
export const appOf = (pathname) => pathname.match(/^\/remotes\/([^/]+)\//)?.[1] ?? 'shell';

/**
 * Records every script the page fetches from now on; `done()` resolves to them in request order.
 * @param {import('@playwright/test').Page} page
 */
export function recordScripts(page) {
  const pending = [];
  const remotes = new Set();
  const onResponse = (response) => {
    const url = new URL(response.url());
    const remote = url.pathname.match(/^\/remotes\/([^/]+)\//)?.[1];
    if (remote) remotes.add(remote);
    if (response.request().resourceType() === 'script' || url.pathname.endsWith('.js')) {
      pending.push(
        response.body().then(
          (body) => ({ path: url.pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
          () => ({ path: url.pathname, raw: 0, gzip: 0 }),
        ),
      );
    }
  };
  page.on('response', onResponse);
  return {
    remotes,
    async done() {
      page.off('response', onResponse);
      const scripts = await Promise.all(pending);
      return { scripts, remotes: [...remotes], gzip: scripts.reduce((s, x) => s + x.gzip, 0), raw: scripts.reduce((s, x) => s + x.raw, 0) };
    },
  };
}

/** A first load of one public page: a fresh context, so nothing is cached. */
export async function publicFirstLoad(browser, base, pathname) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const recording = recordScripts(page);
  await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
  // A quiet network can come before the shell asks for the page's remote: the page's heading is the sign it painted.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const result = await recording.done();
  await context.close();
  return result;
}

/** From a fresh login page to the prospects list of /crm; the login page's scripts are counted. */
export async function crmFirstLoad(browser, base, account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const recording = recordScripts(page);
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const started = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: /CRM/ }).waitFor();
  // The list's counter, not only the heading: the workspace's code loads after the page's own.
  await page
    .getByText(/^Showing [\d,]+ of [\d,]+ prospects$/)
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  const listMs = Date.now() - started;
  const result = await recording.done();
  await context.close();
  return { ...result, listMs };
}

/**
 * Signs in on the login page in a context of its own and keeps what the browser holds afterwards (the session and
 * the selected tenant), with the id of one prospect of that tenant for a record page's link.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base
 * @param {{ email: string, password: string }} account
 */
export async function staffSession(browser, base, account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByText(/^Showing [\d,]+ of [\d,]+ prospects$/)
    .first()
    .waitFor();
  const recordId = await page.evaluate(async () => {
    const tenantId = localStorage.getItem('selected_tenant_id');
    const response = await fetch(`/api/v1/crm/prospects?tenant_id=${tenantId}&limit=1`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` },
    });
    return (await response.json()).prospects[0].id;
  });
  const storageState = await context.storageState();
  await context.close();
  return { storageState, recordId };
}

/**
 * A signed-in user's first load of a staff link: the link opened in a fresh context holding only the session of
 * `staffSession`, so no script is cached. `:id` in the route is the session's prospect. Resolves once a level-1
 * heading and a text matching `ready` are shown and the network is quiet.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base
 * @param {{ storageState: object, recordId: string }} session
 * @param {{ route: string, ready: RegExp }} link
 */
export async function staffLinkFirstLoad(browser, base, session, { route, ready }) {
  const context = await browser.newContext({ storageState: session.storageState });
  const page = await context.newPage();
  const recording = recordScripts(page);
  await page.goto(`${base}${route.replace(':id', session.recordId)}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.getByText(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const result = await recording.done();
  await context.close();
  return result;
}
