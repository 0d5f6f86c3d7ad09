import { expect, test } from '../support/test.ts';
import { placeGuestOrder } from '../support/orders.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { seriousA11yViolations, SHOP, signInStaff, withoutAutomaticPauses } from '../support/shop.ts';

// Staff pause online orders, close a day that already has an order (after the warning that lists it)
// and open it again; the audit log then tells the owner all of it in the back office's words.
// A shop of its own: closing today must not close the shared server's shop for the other journeys.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

// Staff logins verify an argon2id password, on purpose slowly.
test.describe.configure({ timeout: 120_000 });

let server: OwnServer;

test.beforeAll(async ({ request }) => {
  server = await startOwnServer(BASE_PORT + 90);
  await withoutAutomaticPauses(request, server.origin);
});

test.afterAll(async () => {
  await server?.dispose();
});

test('staff close a day with an order only after seeing it, and the audit log tells who paused and closed what', async ({
  page,
  request,
}) => {
  const order = await placeGuestOrder(request, server.origin, { name: 'Gabi Gast', phone: '0151 12345678' });
  // The store's local day the order is promised for (Berlin): the day staff now want to close.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(order.promised_at));

  await signInStaff(page, server.origin);
  await page.goto(`${server.origin}${SHOP}/admin/store-setting`);
  const pause = page.getByRole('region', { name: 'Online-Bestellungen pausieren' });
  await pause.getByRole('button', { name: '30 Minuten pausieren' }).click();
  await pause.getByRole('button', { name: 'Bestellungen fortsetzen' }).click();
  await expect(pause.getByText('Online-Bestellungen laufen.')).toBeVisible();

  const closures = page.getByRole('region', { name: 'Schließtage' });
  await closures.getByLabel('Von').fill(day);
  await closures.getByLabel('Bis einschließlich').fill(day);
  await closures.getByLabel(/^Grund/).fill('Wasserschaden');
  await closures.getByRole('button', { name: 'Schließtage eintragen' }).click();

  const warning = page.getByRole('alertdialog', { name: 'Trotzdem schließen?' });
  await expect(warning.getByText('Für diese Tage gibt es schon Bestellungen:')).toBeVisible();
  await expect(warning.getByRole('listitem')).toContainText([`Nr. ${order.id}`]);
  await expect(warning.getByRole('listitem')).toContainText(['Gabi Gast']);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await warning.getByRole('button', { name: 'Trotzdem schließen' }).click();
  await expect(closures.getByText('Schließtage eingetragen.')).toBeVisible();
  await expect(closures.getByText('Wasserschaden')).toBeVisible();

  // Deleting asks first; cancelling keeps the closure.
  await closures.getByRole('button', { name: /^Schließtage .* löschen$/ }).click();
  const question = page.getByRole('alertdialog', { name: /^Schließtage .* löschen\?$/ });
  await question.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(closures.getByText('Wasserschaden')).toBeVisible();
  await closures.getByRole('button', { name: /^Schließtage .* löschen$/ }).click();
  await question.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(closures.getByText('Keine Schließtage geplant.')).toBeVisible();

  await page.goto(`${server.origin}${SHOP}/admin/audit`);
  const entries = page.getByRole('list', { name: 'Änderungen' }).getByRole('listitem');
  // Newest first: the deletion, the closure, the resumption, the pause.
  await expect(entries.nth(0)).toContainText('Schließtage ·');
  await expect(entries.nth(0)).toContainText('Gelöscht');
  await expect(entries.nth(1)).toContainText('Angelegt');
  await expect(entries.nth(2)).toContainText('Fortgesetzt');
  await expect(entries.nth(3)).toContainText('Pausiert');
  await expect(entries.nth(3)).toContainText('admin@example.com');

  await entries.nth(1).getByText('Vorher/Nachher').click();
  const created = entries.nth(1).getByRole('table');
  await expect(created.getByRole('row', { name: /Grund \(sehen die Gäste\)/ })).toContainText('Wasserschaden');
  await expect(created.getByRole('row', { name: /Bestellungen an diesen Tagen/ })).toContainText(`#${order.id}`);

  await entries.nth(3).getByText('Vorher/Nachher').click();
  await expect(entries.nth(3).getByRole('row', { name: /Pausiert von/ })).toContainText('Mitarbeiter');
  expect(await seriousA11yViolations(page)).toEqual([]);
});
