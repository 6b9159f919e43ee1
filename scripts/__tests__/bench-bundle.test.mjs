import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BUDGETS, budgetTable, measuredRoutes, STAFF_LINKS, STAFF_ROUTE, timingVerdict } from '@app/shared/build/first-load';

const routeTable = JSON.parse(readFileSync(new URL('../../shell/src/app/route-table.json', import.meta.url), 'utf8'));

test('the bench measures every public page of the route table at 120 KiB and the staff route and links at 150 KiB', () => {
  const routes = measuredRoutes();
  const publicPaths = [
    ...routeTable.shellPages.map((page) => page.path),
    ...routeTable.remoteRoutes.filter((route) => !route.authMessage).map((route) => route.path),
  ].filter((path) => !path.includes(':'));
  assert.deepEqual(
    routes.filter((r) => !r.staff).map((r) => r.route),
    publicPaths,
  );
  for (const route of routes.filter((r) => !r.staff)) assert.equal(route.budgetGzip, 120 * 1024, route.route);
  assert.deepEqual(
    routes.filter((r) => r.staff),
    [STAFF_ROUTE, '/crm?tab=leads', '/crm?view=board', '/crm/my-day', '/crm/prospects/:id'].map((route) => ({
      route,
      staff: true,
      // The board, with its drag and drop, has a budget of its own; every other staff load the staff one.
      budgetGzip: route === '/crm?view=board' ? 180 * 1024 : 150 * 1024,
    })),
  );
  assert.match(STAFF_ROUTE, /\/login.*\/crm/);
  // No staff page is measured as a public one.
  assert.ok(!routes.some((r) => !r.staff && r.route.startsWith('/crm')));
});

test('each staff link is measured once its page shows what a user opened it for', () => {
  const shown = {
    '/crm?tab=leads': 'Showing 20 of 1,234 leads',
    '/crm?view=board': 'Open pipeline',
    '/crm/my-day': 'Overdue (3)',
    '/crm/prospects/:id': 'Timeline',
  };
  assert.deepEqual(
    STAFF_LINKS.map((link) => link.route),
    Object.keys(shown),
  );
  for (const link of STAFF_LINKS) assert.match(shown[link.route], link.ready, link.route);
  // A loading state is not what the link was opened for.
  for (const link of STAFF_LINKS) assert.doesNotMatch('Loading...', link.ready, link.route);
});

test('the browser suite guards the public pages at a ceiling no lower than their budget', () => {
  assert.ok(BUDGETS.publicCeilingGzip >= BUDGETS.publicGzip);
});

test('each figure is printed beside its budget, passing up to and including it', () => {
  const { lines, failed } = budgetTable([
    { route: '/', gzip: 120 * 1024, budgetGzip: 120 * 1024 },
    { route: STAFF_ROUTE, gzip: 100 * 1024, budgetGzip: 150 * 1024 },
  ]);
  assert.equal(failed, false);
  assert.match(lines[0], /^ {2}\/ +120\.0 KiB of +120\.0 KiB {2}pass$/);
  assert.match(lines[1], /100\.0 KiB of +150\.0 KiB {2}pass$/);
});

test('one load over its budget fails the run and is marked on its own line', () => {
  const { lines, failed } = budgetTable([
    { route: '/about', gzip: 110 * 1024, budgetGzip: 120 * 1024 },
    { route: STAFF_ROUTE, gzip: 150 * 1024 + 1, budgetGzip: 150 * 1024 },
  ]);
  assert.equal(failed, true);
  assert.match(lines[0], /pass$/);
  assert.match(lines[1], /FAIL$/);
});

test('a time is printed beside its target, PASS up to and including it and MISS over it, with the machine load', () => {
  assert.equal(timingVerdict(1500, 1500, { load: 0.5, cores: 2 }), 'target 1500 ms: PASS (load 0.50 on 2 cores)');
  assert.equal(timingVerdict(2400, 1500, { load: 3.25, cores: 2 }), 'target 1500 ms: MISS (load 3.25 on 2 cores)');
});

test('only sizes decide whether the bench fails: no time measured on a busy machine sets its exit status', () => {
  const source = readFileSync(new URL('../bench-bundle.mjs', import.meta.url), 'utf8');
  const verdicts = source.split('\n').filter((line) => /\bfailed\s*(\|\|)?=/.test(line));
  assert.ok(verdicts.length > 0, 'the bench still fails on sizes');
  for (const line of verdicts) assert.doesNotMatch(line, /ms\b|Ms\b|listMs|throttled/i, line.trim());
});

test('a staff link over its budget fails the run, beside the others that pass', () => {
  const { lines, failed } = budgetTable([
    { route: STAFF_ROUTE, gzip: 140 * 1024, budgetGzip: 150 * 1024 },
    { route: '/crm?view=board', gzip: 181 * 1024, budgetGzip: 150 * 1024 },
    { route: '/crm/my-day', gzip: 127 * 1024, budgetGzip: 150 * 1024 },
  ]);
  assert.equal(failed, true);
  assert.match(lines[1], /^ {2}\/crm\?view=board +181\.0 KiB of +150\.0 KiB {2}FAIL$/);
  assert.match(lines[2], /127\.0 KiB of +150\.0 KiB {2}pass$/);
});
