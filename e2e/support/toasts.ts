import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Fills My Profile's Address: the saved shipping address, structured (the checkout's fields), a UK
 * one. `street` varies it.
 */
export async function fillProfileAddress(form: Locator, street = '12 Harbour Road'): Promise<void> {
  await form.getByLabel('Full name').fill('Demo Customer');
  await form.getByLabel('Street and house number').fill(street);
  await form.getByLabel('City').fill('Portsmouth');
  await form.getByLabel('Postal code').fill('PO1 3AX');
  await form.getByLabel('Country').selectOption('GB');
}

/**
 * Makes the shell show a toast the way a customer does: saving the profile ('update Your Profile
 * Information'). Expects a signed-in customer; returns the toast.
 */
export async function showProfileToast(page: Page): Promise<Locator> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const form = page.locator('form#profile-form');
  await fillProfileAddress(form);
  await form.getByLabel('Phone number').fill('+44 7700 900123');
  await form.getByLabel('Profession').fill('Systems engineer');
  await form.getByLabel('LinkedIn profile').fill('https://www.linkedin.com/in/demo-customer');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'update Your Profile Information' });
  await expect(toast).toBeVisible();
  // Its entrance animation has finished: the box is where it stays.
  await expect.poll(() => toast.evaluate((el) => el.getAnimations().length)).toBe(0);
  return toast;
}
