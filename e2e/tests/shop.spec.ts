import { expect, test } from '@playwright/test';

test('the shop opens with the restaurant name', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/order-online\/$/);
  await expect(page.getByRole('heading', { name: 'Pizzeria Bella Napoli' })).toBeVisible();
});
