import { expect, test } from '../support/test.ts';
import { SHOP, STAFF } from '../support/shop.ts';

// The kitchen tablet that rings with the back office's tab closed: it is named at sign-in, links the back
// office's manifest, and its service worker shows a pushed new order as a notification that stays, until
// the push saying the customer cancelled the order closes it.

// Every staff login verifies an argon2id password, on purpose slowly.
test.describe.configure({ timeout: 90_000 });

/** What the server pushes for a new order (the push service's part is played by the DevTools protocol). */
const NOTICE = {
  kind: 'order_created',
  order_id: 4711,
  title: 'Neue Bestellung #4711',
  body: 'Abholung · 12,50 € · um 18:07',
  url: '/order-online/admin/home',
};

test('a named tablet shows a pushed new order as a notification from the back office’s service worker', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser is enough: the phone project is the same Chromium');
  const origin = new URL(baseURL ?? '').origin;
  await context.grantPermissions(['notifications'], { origin });
  // A retry signs in on the same server again: its tablet gets a name of its own.
  const tabletName = `Küche Tablet ${testInfo.retry + 1}`;

  await page.goto(`${SHOP}/`);
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);

  await page.goto(`${SHOP}/admin`);
  await page.getByLabel('E-Mail-Adresse').fill(STAFF.email);
  await page.getByLabel('Passwort').fill(STAFF.password);
  await page.getByLabel('Name dieses Geräts (optional)').fill(tabletName);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/order-online/admin/manifest.webmanifest',
  );
  const manifest = await page.request.get(`${SHOP}/admin/manifest.webmanifest`);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  expect(await manifest.json()).toMatchObject({ scope: '/order-online/admin/', display: 'standalone' });

  const navigation = page.getByRole('navigation', { name: 'Verwaltung' });
  // The orders board folds its navigation away at every width.
  await navigation.getByRole('button', { name: 'Menü' }).click();
  await navigation.getByRole('link', { name: 'Geräte' }).click();
  const tablet = page.getByRole('listitem', { name: tabletName });
  await expect(tablet.getByRole('heading', { name: tabletName })).toBeVisible();
  await expect(tablet.getByText('Dieses Gerät')).toBeVisible();
  await expect(page.getByRole('switch', { name: /Benachrichtigungen/ })).toBeVisible();

  // The board registers the back office's worker (as the switch does), and the push arrives through it.
  await page.goto(`${SHOP}/admin/home`);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${origin}${SHOP}/admin/` && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register('/order-online/admin/sw.js', { scope: '/order-online/admin/' });
    return (await navigator.serviceWorker.ready).scope;
  });
  expect(scope).toBe(`${origin}${SHOP}/admin/`);

  // Chromium may drop a push that arrives while the just-registered worker is still settling in: the test
  // pushes again until the notification shows (its tag makes a repeat replace it, never stack up).
  const pushed = { origin, registrationId: await registrationId, data: JSON.stringify(NOTICE) };
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', pushed);
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((notification) => ({
              title: notification.title,
              body: notification.body,
              tag: notification.tag,
              requireInteraction: notification.requireInteraction,
            }));
          }),
        { timeout: 3_000 },
      )
      .toEqual([{ title: NOTICE.title, body: NOTICE.body, tag: 'order-4711', requireInteraction: true }]);
  }).toPass({ timeout: 20_000 });

  // The customer cancels it before anyone answered: the server pushes that, and the notification goes.
  const cancelled = { kind: 'order_cancelled', order_id: NOTICE.order_id };
  await cdp.send('ServiceWorker.deliverPushMessage', { ...pushed, data: JSON.stringify(cancelled) });
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.tag)),
    )
    .toEqual([]);
});
