import { chromium } from 'playwright-core';
const ORIGIN = 'http://127.0.0.1:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' })).newPage();
await page.goto(`${ORIGIN}/order-online/admin`);
await page.getByLabel(/E-Mail/).fill('admin@example.com');
await page.getByLabel('Passwort').fill('try-admin-password');
await page.getByRole('button', { name: 'Anmelden' }).click();
await page.waitForURL(/admin\/home/);
await page.goto(`${ORIGIN}/order-online/admin/products`);
await page.getByRole('radio', { name: /Mit Größen/ }).check();
for (let i = 0; i < 3; i++) {
  if (i > 0) {
    const button = page.getByRole('button', { name: 'Größe hinzufügen' });
    const before = await button.boundingBox();
    await page.evaluate(() => {
      (window as any).events = [];
      for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click', 'focusout']) document.addEventListener(type, (e) => (window as any).events.push(`${type}:${(e.target as HTMLElement).tagName}:${(e.target as HTMLElement).textContent?.slice(0, 20)}`), true);
    });
    await button.click();
    const after = await button.boundingBox();
    console.log('button box', JSON.stringify(before), JSON.stringify(after));
    console.log(await page.evaluate(() => (window as any).events.join(' | ')));
  }
  const size = page.getByRole('listitem', { name: `Größe ${i + 1}` });
  console.log('items', await page.getByRole('listitem', { name: /^Größe \d$/ }).count());
  await size.getByLabel('Name der Größe (DE)').fill(`S${i}`, { timeout: 3000 }).catch((e) => console.log('fail', i));
  await size.getByLabel('Preis').fill('9,50', { timeout: 3000 }).catch(() => undefined);
}
await browser.close();
