import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { CartItem, Postcode } from '@pizzeria/domain';

/** The storefront's base path (the server redirects `/` here). */
export const SHOP = '/order-online';

/** Opens a storefront page as a visitor would, e.g. `openShop(page, '/support')`. */
export async function openShop(page: Page, path = '/'): Promise<void> {
  await page.goto(`${SHOP}${path}`);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Whether the project emulates a phone (the header and dialogs change below 768 px). */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** axe-core violations of impact serious or critical on the current page (an empty list passes). */
export async function seriousA11yViolations(page: Page): Promise<{ id: string; impact: string; targets: string[] }[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Stores a value the way the shop does (JSON in local storage) and reloads, as a returning visitor. */
export async function reloadWithStored(page: Page, key: string, value: unknown): Promise<void> {
  await page.evaluate(([k, v]) => localStorage.setItem(k as string, JSON.stringify(v)), [key, value] as const);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
}

/** The journeys' staff account (the servers are started with it). */
export const STAFF = { email: 'admin@example.com', password: 'e2e-admin-password' };

/** The journeys' staff account signed in through the API (of the server at `origin`): its bearer header. */
export async function staffHeaders(request: APIRequestContext, origin = ''): Promise<Record<string, string>> {
  const response = await request.post(`${origin}/api/staff/login`, {
    form: { username: STAFF.email, password: STAFF.password },
  });
  expect(response.ok()).toBe(true);
  const { access_token } = (await response.json()) as { access_token: string };
  return { Authorization: `Bearer ${access_token}` };
}

/**
 * Signs the journeys' staff account in to the back office of the server at `origin` (the shared one when
 * empty), as staff do in the browser; the page lands on the orders board.
 */
export async function signInStaff(page: Page, origin = ''): Promise<void> {
  await page.goto(`${origin}${SHOP}/admin`);
  await page.getByLabel('E-Mail-Adresse').fill(STAFF.email);
  await page.getByLabel('Passwort').fill(STAFF.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // Every staff sign-in verifies an argon2id password, on purpose slowly.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 15_000 });
}

/**
 * A second browser window for staff beside the customer's (same viewport), signed in to the back office
 * of the server at `origin`; it lands on the orders board.
 */
export async function openStaffWindow(browser: Browser, page: Page, origin: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  const staff = await context.newPage();
  await signInStaff(staff, origin);
  return staff;
}

/**
 * Turns the automatic pause (no board for 3 minutes pauses online orders) off on the server at `origin`,
 * for journeys that keep no orders board open the whole time.
 */
export async function withoutAutomaticPauses(request: APIRequestContext, origin: string): Promise<void> {
  const headers = await staffHeaders(request, origin);
  const settings = await request.get(`${origin}/api/admin/stores/13/board-settings`, { headers });
  const saved = await request.put(`${origin}/api/admin/stores/13/board-settings`, {
    headers,
    data: { ...((await settings.json()) as object), auto_pause_enabled: false },
  });
  expect(saved.ok()).toBe(true);
}

/**
 * A returning visitor's cart for delivery to `area`, as the shop keeps it in local storage (the page must
 * be on the shop already); the next page the journey opens reads it.
 */
export async function keepDeliveryCart(page: Page, items: readonly CartItem[], area: Postcode): Promise<void> {
  await page.evaluate(
    ([lines, postcodeData]) => {
      localStorage.setItem('order_type', JSON.stringify('delivery'));
      localStorage.setItem('delivery_postcode', JSON.stringify(postcodeData.postcode));
      localStorage.setItem('postcode-data', JSON.stringify(postcodeData));
      localStorage.setItem('delivery_fee', JSON.stringify(postcodeData.delivery_fee));
      localStorage.setItem('cartItems', JSON.stringify(lines));
    },
    [items, area] as const,
  );
}
