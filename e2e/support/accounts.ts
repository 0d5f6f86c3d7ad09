import { expect, type APIRequestContext } from './test.ts';
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
