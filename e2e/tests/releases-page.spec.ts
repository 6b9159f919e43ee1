import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { resolvedSharedVersions } from '@app/shared/build/remote-contract';
import { PHONE } from './fit';
import { apiLogin } from './helpers';
import { startServer } from './release-helpers';

// A server of its own (the release tests use the port after the suite's), so promotions here change nothing elsewhere.
const port = Number(process.env.E2E_PORT ?? 8181) + 2;
const WIDTHS = [PHONE, { width: 1366, height: 768 }];

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let cdnDir: string;
let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  cdnDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbitra-e2e-releases-page-cdn-'));
  server = await startServer(port, cdnDir);
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(cdnDir, { recursive: true, force: true });
});

/** A published version as `pnpm release` records it (with the shell's singletons); the Releases page never loads its files. */
function publish(remote: string, version: string) {
  const dir = path.join(cdnDir, remote, version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'release.json'),
    JSON.stringify({ remote, version, commit: 'abc1234', publishedAt: new Date().toISOString(), shared: resolvedSharedVersions(remote) }),
  );
}

async function openReleases(page: Page) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password').fill('admin-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/crm$/);
  await page.goto(`${server.url}/releases`);
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
}

/** What /mf-remotes.json gives this browser for a remote: why it gets its version, and its fallback. */
async function manifestChoice(page: Page, remote: string) {
  const manifest = await page.evaluate(() => fetch('/mf-remotes.json').then((response) => response.json()));
  return manifest[remote] as { reason: string; fallback: { version: string } | null };
}

/** Confirms a dialog after checking its title and message, having first seen Cancel change nothing. */
async function confirmChange(page: Page, open: () => Promise<void>, title: string, message: string, confirmLabel: string) {
  await open();
  let dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(message);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await open();
  dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: confirmLabel }).click();
  await expect(dialog).toHaveCount(0);
}

for (const [index, size] of WIDTHS.entries()) {
  test(`at ${size.width} px the Releases page says how to publish, asks before each change, confirms it, and shows the manifest's fallbacks`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    if (index === 0) {
      publish('quotations', '2.0.0');
      publish('quotations', '2.1.0');
    }
    await openReleases(page);

    // Nothing published for crm: the page says how to publish a version.
    const crm = page.getByRole('region', { name: 'crm', exact: true });
    await expect(crm.getByText('pnpm release crm')).toBeVisible();
    await expect(crm).toContainText('No version of crm is published yet');

    const quotations = page.getByRole('region', { name: 'quotations', exact: true });
    await expect(quotations.getByText('builtin', { exact: true }).first()).toBeVisible();
    await quotations.getByLabel('Version').selectOption('2.0.0');
    await quotations.getByLabel('Share of users (%)').fill('50');
    await confirmChange(
      page,
      () => quotations.getByRole('button', { name: 'Start canary' }).click(),
      'Start a canary of quotations 2.0.0 for 50% of users?',
      'Those users get 2.0.0 on their next page load; everyone else stays on builtin.',
      'Start canary',
    );
    await expect(page.getByText('Canary of quotations 2.0.0 started for 50% of users.')).toBeVisible();
    const fallback = quotations.getByText("builtin for the canary's users; none for everyone else");
    await expect(fallback).toBeVisible();
    const choice = await manifestChoice(page, 'quotations');
    expect(choice.fallback?.version ?? null).toBe(choice.reason === 'live' ? null : 'builtin');

    await confirmChange(
      page,
      () => quotations.getByRole('button', { name: 'End canary' }).click(),
      'End the canary of quotations 2.0.0?',
      'Its users (50% of users) go back to builtin on their next page load.',
      'End canary',
    );
    await expect(page.getByText('Canary of quotations 2.0.0 ended: every user is on builtin.')).toBeVisible();

    await quotations.getByLabel('Version').selectOption('2.1.0');
    await confirmChange(
      page,
      () => quotations.getByRole('button', { name: 'Promote to everyone' }).click(),
      'Promote quotations 2.1.0 to everyone?',
      'Every user gets it on their next page load, in place of builtin.',
      'Promote to everyone',
    );
    await expect(page.getByText('quotations 2.1.0 is live for everyone.')).toBeVisible();
    expect((await manifestChoice(page, 'quotations')).fallback?.version).toBe('builtin');

    await confirmChange(
      page,
      () => quotations.getByRole('button', { name: 'Roll back to builtin' }).click(),
      'Roll back quotations to builtin?',
      'Every user gets builtin in place of 2.1.0 on their next page load.',
      'Roll back to builtin',
    );
    await expect(page.getByText('quotations rolled back to builtin.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}

/** A failure report as the shell sends it, anonymous or as a signed-in user. */
async function reportFailure(remote: string, token?: string) {
  const context = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    await context.get('/api/v1/health');
    const csrf = (await context.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
    const headers = { 'X-CSRFToken': csrf, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    const response = await context.post(`/api/v1/releases/${remote}/failures`, { data: { version: 'builtin', phase: 'render', message: 'e2e' }, headers });
    expect(response.status()).toBe(204);
  } finally {
    await context.dispose();
  }
}

async function tokenOf(email: string, password: string) {
  const context = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    return (await apiLogin(context, { email, password })).token;
  } finally {
    await context.dispose();
  }
}

for (const [index, size] of WIDTHS.entries()) {
  test(`at ${size.width} px the Releases page counts the browsers that reported a version failing, not their reports`, async ({ page }) => {
    await page.setViewportSize(size);
    // Each width its own remote; every anonymous report here comes from one address: one browser.
    const remote = ['marketing', 'admin'][index];
    for (let i = 0; i < 8; i++) await reportFailure(remote);
    await reportFailure(remote, await tokenOf('staff@example.com', 'staff-password'));
    await reportFailure(remote, await tokenOf('maya@example.com', 'staff-password'));
    await openReleases(page);
    const region = page.getByRole('region', { name: remote, exact: true });
    const builtin = region.getByRole('row', { name: /^builtin/ });
    await expect(builtin.getByRole('cell').last()).toHaveText('3 browsers reported a failure');
    await builtin.getByText('3 browsers reported a failure').scrollIntoViewIfNeeded();
    await expect(builtin.getByText('3 browsers reported a failure')).toBeInViewport();
    await expect(
      page
        .getByRole('region', { name: 'crm', exact: true })
        .getByRole('row', { name: /^builtin/ })
        .getByRole('cell')
        .last(),
    ).toHaveText('None reported');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}
