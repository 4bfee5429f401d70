import type { Page } from '@playwright/test';

/** The merchant deal form's first fields, as a merchant fills them: a Beauty deal in Chicago. */
export async function fillDealBasics(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('A relaxing massage in our quiet studio, with tea and a warm towel after.');
  await page.getByLabel('Highlight 1', { exact: true }).fill('Quiet studio');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Beauty' });
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Chicago, IL' });
}

/** A date input's value (YYYY-MM-DD) in the browser's zone, as a merchant types it. */
export const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** This moment, some days from now. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
