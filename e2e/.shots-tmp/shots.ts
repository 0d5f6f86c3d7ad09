import { chromium } from 'playwright-core';

const ORIGIN = process.env.ORIGIN ?? 'http://127.0.0.1:3300';
const OUT = process.env.OUT ?? '/tmp/shots';
const pages = (process.env.PAGES ?? '').split(',').filter(Boolean);
const sizes = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const size of sizes) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: process.env.LANG_CODE ?? 'de-DE' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(`${ORIGIN}/order-online/admin`);
  await page.getByLabel(/E-Mail/).fill('admin@example.com');
  await page.getByLabel(/Passwort|Password/).fill('try-admin-password');
  await page.getByRole('button', { name: /Anmelden|Sign in/ }).click();
  await page.waitForURL(/admin\/home/, { timeout: 20000 });
  for (const p of pages) {
    await page.goto(`${ORIGIN}/order-online/admin${p}`);
    await page.waitForTimeout(1500);
    const file = `${OUT}/${size.name}${p.replace(/[/?=&]/g, '_')}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
    console.log(file);
  }
  await context.close();
}
await browser.close();
