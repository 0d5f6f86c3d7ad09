import { expect, test as base } from '@playwright/test';

export { expect };
export type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';

/** How a page reports what its Content-Security-Policy refused; read from the console. */
const MARKER = '[csp-violation]';

/**
 * Every journey's pages watch their Content-Security-Policy: what it refused is listed in
 * `cspViolations`, and a journey fails when the list is not empty at its end. A CSP that is too strict
 * shows up here, in the journey that needs what it refused, rather than in a customer's browser.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript((marker) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`${marker} ${event.effectiveDirective} refused ${event.blockedURI || 'inline'}`);
        });
      }, MARKER);
      context.on('console', (message) => {
        const text = message.text();
        if (text.startsWith(MARKER))
          violations.push(`${message.page()?.url() ?? ''}: ${text.slice(MARKER.length + 1)}`);
      });
      await use(violations);
      expect(violations, 'the Content-Security-Policy refused something').toEqual([]);
    },
    { auto: true },
  ],
});
