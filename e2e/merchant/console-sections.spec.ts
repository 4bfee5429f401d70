import type { Page } from '@playwright/test';
import { demoMerchantCookie, expect, expectAccessible, screenshotFromTop, signIn, test } from '../support/browser';

/**
 * Every section of the merchant's console (issue 32), opened by its own address as the demo business's owner, on a
 * phone and on a desk: its heading, no part still loading, nothing serious for axe, and a screenshot. The demo
 * business is only read here. The addresses are the console's (apps/web/src/app/layout/console-sections.ts).
 */
const SECTIONS: [path: string, heading: string][] = [
  ['/merchant/dashboard', 'Merchant Dashboard'],
  ['/merchant/messages', 'Customer Messages'],
  ['/merchant/plans', 'Switch Plans'],
  ['/merchant/deals', 'My Deals'],
  ['/merchant/reviews', 'Reviews'],
  ['/merchant/vouchers', 'Vouchers Sold'],
  ['/merchant/redemptions', 'Redemptions'],
  ['/merchant/refunds', 'Refund requests'],
  ['/merchant/billing', 'Billing'],
  ['/merchant/payouts', 'Payouts'],
  ['/merchant/business', 'Business Page'],
  ['/merchant/staff', 'Staff'],
  ['/merchant/redeem', 'Redeem a Voucher'],
  ['/merchant/pre-launch', 'Launch Checklist'],
];

const name = (path: string) => path.slice('/merchant/'.length);

async function sweep(page: Page, width: number) {
  for (const [path, heading] of SECTIONS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(/Loading/)).toHaveCount(0);
    await expectAccessible(page);
    await screenshotFromTop(page, `console-sections/merchant-${name(path)}-${width}`);
  }
}

test.describe('the merchant console, section by section', () => {
  for (const width of [375, 1280]) {
    test(`every section of the demo business's console opens by its address and passes axe at ${width} px`, async ({ newPage }) => {
      const { page, context } = await newPage({ width, height: 800 });
      await signIn(context, await demoMerchantCookie());
      await sweep(page, width);
    });
  }
});
