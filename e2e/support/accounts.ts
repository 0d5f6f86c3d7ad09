import { expect, test, type APIRequestContext, type Page } from './test.ts';
import type { CaughtMail } from './mail-catcher.ts';
import { mailCatcherPort } from './mail-catcher.ts';

const MAILS = `http://127.0.0.1:${mailCatcherPort(Number(process.env.E2E_PORT ?? 3100))}/mails`;

/** The mails the shop sent to `to`, read from the mail catcher as from an inbox. */
export async function inbox(request: APIRequestContext, to: string): Promise<CaughtMail[]> {
  const response = await request.get(`${MAILS}?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as CaughtMail[];
}

/** The newest link to `path` (`confirm-email`, `reset-password`) in the mails to `to`, as a path inside the shop. */
export async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/${path}\\?token=[\\w-]+`);
  let link = '';
  await expect
    .poll(async () => {
      const mails = await inbox(request, to);
      link =
        mails
          .map((mail) => pattern.exec(mail.text)?.[0])
          .filter(Boolean)
          .at(-1) ?? '';
      return link;
    })
    .toContain(`${path}?token=`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * A customer account whose address is confirmed, as a customer who clicked the welcome mail's link has
 * one: registered through the API, confirmed with the link from the mail catcher. Its password signs in anywhere.
 */
export async function registerConfirmed(
  request: APIRequestContext,
  account: { customer_name: string; email: string; password: string; phone?: string },
): Promise<void> {
  const registered = await request.post('/api/register/customer', { data: account });
  expect(registered.status()).toBe(201);
  const token = new URL(await mailedLink(request, account.email, 'confirm-email'), 'http://shop').searchParams.get(
    'token',
  );
  const confirmed = await request.post('/api/confirm-email', { data: { token } });
  expect(confirmed.status()).toBe(200);
}

/** An address nobody else in this run uses (both projects run every journey against one server). */
export function uniqueEmail(name: string): string {
  return `${name}-${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The header's account menu button of the signed-in customer. */
export function accountButton(page: Page, firstName: string) {
  return page.getByRole('button', { name: `Kundenkonto ${firstName}` });
}

/** Fills the shop's login form on `page` (the page or the dialog) and sends it. */
export async function logInOnPage(page: Page, email: string, password: string) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}
