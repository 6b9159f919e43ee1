import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, api, apiLogin, createShortTenant, openCrm, type ApiSession } from './helpers';
import { expectFits, expectInsideWindow, PHONE, unbroken } from './fit';

const DESKTOP = { width: 1366, height: 768 };

/** A tenant named about as long as a real one, so the header's picker shows its whole name. */
const shortTenant = (request: APIRequestContext, admin: ApiSession) => createShortTenant(request, admin, 'Long Words');

/** Qty, Rate and Amount stand inside the document, read without scrolling its table sideways. */
async function expectColumnsInside(page: Page, document: Locator) {
  await expect(document).toBeVisible();
  const table = document.getByRole('table');
  const docBox = (await document.boundingBox())!;
  for (const header of ['Description', 'Qty', 'Rate', 'Amount']) {
    const cell = table.getByRole('columnheader', { name: header });
    const box = (await cell.boundingBox())!;
    expect.soft(box.x + box.width, `${header} inside the quotation at ${page.viewportSize()!.width}px`).toBeLessThanOrEqual(docBox.x + docBox.width + 1);
  }
  const sizes = await table.evaluate((el) => ({ table: el.scrollWidth, frame: el.parentElement!.clientWidth }));
  expect.soft(sizes.table, 'the items table needs no sideways scrolling').toBeLessThanOrEqual(sizes.frame + 1);
}

/**
 * A value of a card is read whole: its text ends inside every box that clips it, or, cut, it keeps its
 * full text as its tooltip (and its name, which the caller checks).
 */
async function expectReadable(value: Locator, full: string, what: string) {
  await expect(value).toBeVisible();
  const cut = await value.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const rect = box.getBoundingClientRect();
      const left = rect.left + box.clientLeft;
      if (text.left < left - 1 || text.right > left + box.clientWidth + 1) return true;
    }
    return false;
  });
  if (cut) await expect(value, `${what} is cut, so its tooltip names it whole`).toHaveAttribute('title', full);
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the Views menu and a card menu open inside the window, a long view name cut with its full name kept', async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await shortTenant(request, admin);
      const name = unbroken('Everyone');
      expect((await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.id, name: 'Contoso', phone1: '+1 415 555 0101' })).status).toBe(201);
      expect((await api(request, admin, 'POST', '/crm/views', { tenant_id: tenant.id, target: 'prospects', name, query: {}, shared: false })).status).toBe(201);
      // The dashboard's figures come after the menu is open: the cards above keep their height, so it stays where it opened.
      let releaseDashboard!: () => void;
      const dashboardHeld = new Promise<void>((resolve) => (releaseDashboard = resolve));
      await page.route('**/api/v1/crm/dashboard?**', async (route) => {
        await dashboardHeld;
        await route.continue();
      });
      await openCrm(page, ADMIN, tenant.id);

      // The list's own rows first: what moves is measured against the dashboard's figures alone.
      await expect(page.getByRole('table').getByText('Contoso').or(page.getByRole('list').getByText('Contoso')).first()).toBeVisible();
      const views = page.getByRole('button', { name: 'Views', exact: true });
      await views.click();
      const menu = page.getByRole('menu', { name: 'Views' });
      await expect(menu).toBeVisible();
      const before = (await views.boundingBox())!.y;
      releaseDashboard();
      await expect(page.getByRole('group', { name: 'Dashboard statistics' }).getByLabel('Loading')).toHaveCount(0);
      expect((await views.boundingBox())!.y, 'the list does not move when the figures come').toBeCloseTo(before, 0);
      await expectInsideWindow(page, menu, 'the Views menu');
      await expectInsideWindow(page, page.getByRole('menuitem', { name: 'Save current view…' }), '"Save current view…"');
      // The name is shown cut with an ellipsis, and its whole text stays the item's name and its tooltip.
      const item = page.getByRole('menuitem', { name, exact: true });
      await expectInsideWindow(page, item, 'the long view');
      await expect(item).toHaveAttribute('title', name);
      await expect(page.getByRole('menuitem', { name: `Delete "${name}"…`, exact: true })).toHaveAttribute('title', `Delete "${name}"…`);
      await expectFits(page, `views-menu-long-name-${viewport.width}`);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();

      await page.getByRole('button', { name: 'Actions for Contoso' }).click();
      const actions = page.getByRole('menu', { name: 'Actions for Contoso' });
      await expectInsideWindow(page, actions, 'the prospect card menu');
      await expectFits(page, `prospect-menu-${viewport.width}`);
    });

    test('a prospect and a lead with long unbroken words wrap inside their cards, details and board', async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await shortTenant(request, admin);
      const fields = {
        industry: unbroken('Industry'),
        city: unbroken('City'),
        email: `${unbroken('mail', 60)}@${unbroken('domain', 30)}.example`,
        manager: unbroken('Manager'),
        address: unbroken('Address'),
        description: unbroken('Description'),
      };
      expect(
        (await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.id, name: unbroken('Prospect'), phone1: '+1 415 555 0101', ...fields }))
          .status,
      ).toBe(201);
      expect(
        (await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: unbroken('Lead'), phone1: '+1 415 555 0102', ...fields })).status,
      ).toBe(201);
      await openCrm(page, ADMIN, tenant.id);

      const prospect = page.getByRole('article', { name: unbroken('Prospect') });
      await expect(prospect).toBeVisible();
      await expectInsideWindow(page, prospect, 'the prospect card', { vertical: false });
      await expectFits(page, `long-prospect-card-${viewport.width}`);
      await prospect.getByRole('button', { name: /^Actions for / }).click();
      await page.getByRole('menuitem', { name: 'View Details' }).click();
      await expect(page.getByRole('heading', { level: 1, name: unbroken('Prospect') })).toBeVisible();
      await expectFits(page, `long-prospect-page-${viewport.width}`);
      await page.goBack();

      await page.getByRole('tab', { name: 'Leads' }).click();
      await expect(page.getByRole('article', { name: unbroken('Lead') })).toBeVisible();
      await expectFits(page, `long-lead-card-${viewport.width}`);
      await page.getByRole('group', { name: 'Leads view' }).getByRole('button', { name: 'Board' }).click();
      await expect(page).toHaveURL(/view=board/);
      await expect(page.getByRole('region', { name: 'Leads board' }).getByText(unbroken('Lead'))).toBeVisible();
      await expectFits(page, `long-lead-board-${viewport.width}`);
    });

    test("a phone's extension on a prospect's and a lead's card is read whole", async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await shortTenant(request, admin);
      const email = 'purchasing.department@contoso-holdings.example.com';
      const prospectPhone = '+1 415 555 0101 ext. 1234';
      const leadPhone = '+1 415 555 0102 ext. 5678';
      expect((await api(request, admin, 'POST', '/crm/prospects', { tenant_id: tenant.id, name: 'Contoso', phone1: prospectPhone, email })).status).toBe(201);
      expect((await api(request, admin, 'POST', '/crm/leads', { tenant_id: tenant.id, name: 'Fabrikam', phone1: leadPhone, email })).status).toBe(201);
      await openCrm(page, ADMIN, tenant.id);

      const prospectLink = page.getByRole('article', { name: 'Contoso' }).getByRole('link', { name: prospectPhone, exact: true });
      await expect(prospectLink).toHaveAttribute('href', 'tel:+14155550101;ext=1234');
      await expectReadable(prospectLink, prospectPhone, "the prospect card's phone");
      await expectFits(page, `phone-extension-prospect-card-${viewport.width}`);

      await page.getByRole('tab', { name: 'Leads' }).click();
      const leadLink = page.getByRole('article', { name: 'Fabrikam' }).getByRole('link', { name: leadPhone, exact: true });
      await expectReadable(leadLink, leadPhone, "the lead card's phone");
      await expectFits(page, `phone-extension-lead-card-${viewport.width}`);
    });

    test('the quotation builder labels Qty and Rate, and its preview keeps them beside a long description', async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await shortTenant(request, admin);
      const description = unbroken('Onboarding');
      const created = await api<{ id: string }>(request, admin, 'POST', '/quotations', {
        tenant_id: tenant.id,
        title: 'Rollout',
        client_name: unbroken('Client'),
        items: [{ description, quantity: 3, rate: 1026 }],
      });
      expect(created.status).toBe(201);
      await openCrm(page, ADMIN, tenant.id);
      await page.goto('/quotations');
      const card = page.getByRole('article', { name: 'Rollout' });
      await expect(card).toBeVisible();
      await expectFits(page, `quotation-card-long-${viewport.width}`);

      // The preview (the details, and the client's own page) keeps Qty, Rate and Amount beside the description.
      await card.getByRole('button', { name: /^Actions for / }).click();
      await page.getByRole('menuitem', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Rollout' });
      await expectColumnsInside(page, details.getByRole('article', { name: /^Quotation / }));
      await expectFits(page, `quotation-details-long-${viewport.width}`);
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();

      await card.getByRole('button', { name: /^Actions for / }).click();
      await page.getByRole('menuitem', { name: 'Edit Quotation' }).click();
      const builder = page.getByRole('dialog', { name: 'Edit Quotation' });
      await builder.getByRole('button', { name: 'Next' }).click();
      await expect(builder.getByLabel('Item 1 rate')).toBeVisible();
      // The labels are seen, not only heard: each sits above or beside its field, inside the window.
      // Rate and Amount name the quotation's currency: "Rate ($)".
      for (const label of ['Description', 'Qty', 'Unit', /^Rate \(\$\)$/, /^Amount( \(\$\))?$/]) {
        // Seen, not only heard: a caption a pixel wide (visually hidden) does not count.
        const seen = await builder.getByText(label, { exact: true }).evaluateAll((nodes) =>
          nodes
            .map((node) => node.getBoundingClientRect())
            .filter((rect) => rect.width > 4 && rect.height > 4)
            .map((rect) => ({ left: rect.left, right: rect.right })),
        );
        expect.soft(seen.length, `a visible "${label}" label at ${viewport.width}px`).toBeGreaterThan(0);
        for (const rect of seen) expect.soft(rect.right, `the "${label}" label inside the window`).toBeLessThanOrEqual(viewport.width + 1);
      }
      await expectFits(page, `builder-items-long-${viewport.width}`);
    });

    test('the client page keeps Qty, Rate and Amount beside a long description', async ({ page, request }) => {
      const admin = await apiLogin(request, ADMIN);
      const tenant = await shortTenant(request, admin);
      const created = await api<{ id: string }>(request, admin, 'POST', '/quotations', {
        tenant_id: tenant.id,
        title: unbroken('Title'),
        client_name: unbroken('Client'),
        client_address: unbroken('Address'),
        items: [{ description: unbroken('Onboarding'), quantity: 3, rate: 1026 }],
      });
      expect(created.status).toBe(201);
      const sent = await api<{ share_url: string }>(request, admin, 'POST', `/quotations/${created.body.id}/send`, {});
      expect(sent.status).toBe(200);
      await page.goto(new URL(sent.body.share_url).pathname);
      await expectColumnsInside(page, page.getByRole('article', { name: /^Quotation / }));
      await expectFits(page, `client-quotation-long-${viewport.width}`);
    });
  });
}
