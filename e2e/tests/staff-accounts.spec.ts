import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import type { CaughtMail } from '../support/mail-catcher.ts';
import { mailCatcherPort } from '../support/mail-catcher.ts';
import { seriousA11yViolations, SHOP, signInStaff } from '../support/shop.ts';

// Staff logins and the new password verify or hash an argon2id password on purpose slowly, and the
// journey checks every screen with axe.
test.describe.configure({ timeout: 120_000 });
const MAILS = `http://127.0.0.1:${mailCatcherPort(Number(process.env.E2E_PORT ?? 3100))}/mails`;

/** The invitation link of the newest mail to `to`, as a path inside the shop. */
async function invitationLinkFor(request: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const response = await request.get(`${MAILS}?to=${encodeURIComponent(to)}`);
      const mails = (await response.json()) as CaughtMail[];
      link =
        mails
          .map((mail) => /https?:\/\/\S+\/order-online\/admin\/invitation\?token=[\w-]+/.exec(mail.text)?.[0])
          .filter(Boolean)
          .at(-1) ?? '';
      return link;
    })
    .toMatch(/invitation\?token=/);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The back office's menu as the person sees it: the board folds it away, one tap opens it. */
async function menuLinks(page: Page): Promise<string[]> {
  const navigation = page.getByRole('navigation', { name: 'Verwaltung' });
  const toggle = navigation.getByRole('button', { name: 'Menü' });
  // A side column from tablet width keeps its toggle hidden, except on the board.
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  const links = await navigation.getByRole('link').allTextContents();
  return links.filter((name) => name !== 'Zum Shop');
}

test('the owner invites a kitchen colleague, makes them shift manager, then deactivates them', async ({
  page,
  browser,
  request,
}) => {
  const project = test.info().project.name;
  const name = `Luca ${project} ${Date.now()}`;
  const email = `luca-${project}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'teig-und-ofen-2026';

  // The owner opens the team from the board's menu.
  await signInStaff(page);
  expect(await menuLinks(page)).toContain('Team');
  await page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '(Sie)' })).toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Person einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Person einladen' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('E-Mail-Adresse').fill(email);
  await expect(dialog.getByRole('radio', { name: 'Küche' })).toBeChecked();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Die Einladung an ${email} ist verschickt.` })).toBeVisible();
  const invitation = page.getByRole('region', { name: 'Einladungen' }).getByRole('listitem', { name });
  await expect(invitation).toContainText('Gültig bis');

  // The colleague opens the mailed link on their own device, sets a password and lands on the board.
  const colleagueContext = await browser.newContext({
    viewport: page.viewportSize(),
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  });
  const colleague = await colleagueContext.newPage();
  await colleague.goto(await invitationLinkFor(request, email));
  await expect(colleague.getByRole('heading', { level: 1, name: 'Einladung ins Team' })).toBeVisible();
  await expect(colleague.getByText(`Für ${name} (${email}) als Küche`)).toBeVisible();
  expect(await seriousA11yViolations(colleague)).toEqual([]);
  await colleague.getByLabel('Passwort', { exact: true }).fill(password);
  await colleague.getByLabel('Passwort wiederholen').fill(password);
  await colleague.getByRole('button', { name: 'Passwort festlegen und anmelden' }).click();
  await expect(colleague.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 20_000 });
  // The kitchen sees the orders, marks dishes and toppings sold out, and its own devices; nothing else.
  await expect
    .poll(() => menuLinks(colleague))
    .toEqual(['Admin Dashboard', 'Bestellungen', 'Produktliste', 'Beläge', 'Geräte']);
  await expect(colleague.getByRole('button', { name: 'Tageszahlen' })).toHaveCount(0);
  // A page of the shift manager's, typed in the address bar, says it is not for the kitchen.
  await colleague.goto(`${SHOP}/admin/category-list`);
  await expect(colleague.getByRole('heading', { level: 1, name: 'Nicht für Ihre Rolle' })).toBeVisible();
  expect(await seriousA11yViolations(colleague)).toEqual([]);

  // The owner sees the colleague as a member now and makes them shift manager.
  await page.reload();
  const member = page.getByRole('region', { name: 'Mitglieder' }).getByRole('listitem', { name });
  await expect(member).toContainText('Aktiv');
  await member.getByRole('combobox', { name: `Rolle von ${name}` }).selectOption('manager');
  await member.getByRole('button', { name: 'Rolle speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name} ist jetzt Schichtleitung.` })).toBeVisible();

  // The colleague's next visit shows the menu's pages.
  await colleague.reload();
  await expect(colleague.getByRole('heading', { level: 1, name: 'Kategorieliste' })).toBeVisible();
  expect(await menuLinks(colleague)).toEqual(expect.arrayContaining(['Kategorieliste', 'Produktliste', 'Steuern']));
  expect(await menuLinks(colleague)).not.toContain('Team');

  // The owner deactivates them: every device of theirs is signed out at once.
  await member.getByRole('button', { name: `${name} deaktivieren` }).click();
  const question = page.getByRole('alertdialog', { name: `${name} deaktivieren?` });
  await question.getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${name} ist deaktiviert und auf allen Geräten abgemeldet.` }),
  ).toBeVisible();
  await expect(member).toContainText('Deaktiviert');

  await colleague.reload();
  await expect(colleague.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  await colleague.getByLabel('E-Mail-Adresse').fill(email);
  await colleague.getByLabel('Passwort').fill(password);
  await colleague.getByRole('button', { name: 'Anmelden' }).click();
  await expect(colleague.getByRole('alert')).toContainText('deaktiviert');
  await colleagueContext.close();
});

test('a used or unknown invitation link says so, with the way to the sign-in', async ({ page }) => {
  await page.goto(`${SHOP}/admin/invitation?token=not-a-real-token`);
  await expect(page.getByRole('heading', { level: 1, name: 'Einladung ins Team' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Diese Einladung ist ungültig');
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
