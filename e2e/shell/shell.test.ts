import { describe, expect, it } from 'vitest';
import { DEMO, expectAccessible, login, screenshot, useBrowser } from '../support/browser';

const b = useBrowser();

const STATIC_PAGES: [string, string][] = [
  ['/about', 'About'],
  ['/contact', 'Contact Us'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/company/terms', 'Terms of Service'],
  ['/company/merchant-terms', 'Merchant Terms of Service'],
  ['/company/merchant-refund-policy', 'Merchant Refund Policy'],
  ['/perkboost-info', 'PerkBoost'],
  ['/merchant/faq', 'FAQ'],
  ['/merchant/pricing', 'Pricing'],
  ['/merchant/success-stories', 'Success Stories'],
];

describe('site shell', () => {
  it('every static page renders its content and passes axe at desktop and phone widths', async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await b.newPage({ width });
      for (const [path, heading] of STATIC_PAGES) {
        await page.goto(path);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect.poll(() => h1.textContent(), { message: path }).toMatch(new RegExp(heading, 'i'));
        // Real content, not a placeholder.
        expect((await page.locator('main').innerText()).length, path).toBeGreaterThan(path === '/contact' ? 250 : 400);
        expect(await page.locator('main').innerText()).not.toMatch(/coming soon|lorem ipsum/i);
        await expectAccessible(page);
        await screenshot(page, `static${path.replaceAll('/', '-')}-${width}`);
      }
      await context.close();
    }
  });

  it('the legal pages carry their dates and the PerkBoost pricing grid its prices and tags', async () => {
    const { page, context } = await b.newPage();
    for (const [path, date] of [
      ['/privacy', 'May 16, 2025'],
      ['/terms', 'May 20, 2025'],
      ['/company/merchant-terms', 'May 20, 2025'],
      ['/company/merchant-refund-policy', 'May 22, 2025'],
    ]) {
      await page.goto(path!);
      await expect.poll(() => page.locator('main').innerText()).toContain(date);
    }
    await page.goto('/perkboost-info');
    await expect.poll(() => page.locator('main').innerText()).toContain('$9.99');
    const text = await page.locator('main').innerText();
    for (const s of [
      '$9.99',
      '$24.99',
      '$49.99',
      '$89.99',
      'Popular',
      'Best Value',
      'Available to all merchants with active subscription plans.',
    ])
      expect(text).toContain(s);
    await context.close();
  });

  it('unknown paths show Page Not Found with links to / and /deals', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('main').getByRole('link', { name: 'Browse Deals' }).getAttribute('href')).toBe('/deals');
    await expectAccessible(page);
    await context.close();
  });

  it('header search goes to /deals?search= with the trimmed text and ignores blank input', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/about');
    const box = page.getByPlaceholder('Search deals...');
    await box.fill('   ');
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/about');
    await box.fill('  sushi  ');
    await box.press('Enter');
    await page.waitForURL('**/deals?search=sushi');
    await context.close();
  });

  it('under 768 px the header becomes the side menu with the spec items per role', async () => {
    const { page, context } = await b.newPage({ width: 375, height: 800 });
    await page.goto('/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    const items = async () => (await menu.locator('a, button').allInnerTexts()).map((s) => s.trim());
    expect(await items()).toEqual(['Home', 'Browse Deals', 'Favorites (0)', 'Cart (0)', 'My Purchases', 'Login / Signup']);
    await screenshot(page, 'side-menu-visitor-375');
    await expectAccessible(page);
    await context.close();

    const m = await b.newPage({ width: 375, height: 800 });
    await login(m.page, DEMO.merchant);
    await m.page.waitForURL('**/merchant/dashboard');
    await m.page.goto('/about');
    await m.page.getByRole('button', { name: 'Open menu' }).click();
    const mmenu = m.page.getByRole('navigation', { name: 'Side menu' });
    await expect.poll(() => mmenu.isVisible()).toBe(true);
    expect((await mmenu.locator('a, button').allInnerTexts()).map((s) => s.trim())).toEqual([
      'Home',
      'Browse Deals',
      'Favorites (0)',
      'Cart (0)',
      'My Purchases',
      'Profile',
      'Merchant Dashboard',
      'Launch Checklist',
      'Redeem Voucher',
      'Logout',
    ]);
    await screenshot(m.page, 'side-menu-merchant-375');
    await m.context.close();
  });

  it('desktop header: avatar menu by role, merchant links, no cart or favourites for merchants, logout toast', async () => {
    const { page, context } = await b.newPage();
    await login(page, DEMO.merchant);
    await page.waitForURL('**/merchant/dashboard');
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect
      .poll(() => nav.getByRole('link').allInnerTexts())
      .toEqual(['Home', 'Browse Deals', 'My Purchases', 'Merchant Dashboard', 'Launch Checklist']);
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: /^Cart/ }).count()).toBe(0);
    expect(await header.getByRole('link', { name: /^Favorites/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Account menu/ }).innerText()).toBe('MO');
    await page.getByRole('button', { name: /Account menu/ }).click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.innerText()).toContain('merchant@localperks.example');
    expect(await menu.innerText()).toContain('Merchant');
    expect(await menu.getByRole('menuitem').first().innerText()).toBe('Merchant Dashboard');
    await screenshot(page, 'header-merchant-menu-1280');
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => page.getByText('You have been successfully logged out.').isVisible()).toBe(true);
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.getByRole('link', { name: 'Login' }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('feedback: empty text warns, real text is stored and confirmed', async () => {
    const { page, context } = await b.newPage({ width: 375 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Feedback' }).click();
    await page.getByRole('dialog', { name: 'Send Feedback' }).getByRole('button', { name: 'Send Feedback' }).click();
    await expect.poll(() => page.getByText('Empty feedback').isVisible()).toBe(true);
    await page.getByLabel('Your feedback').fill('The deal pages look great!');
    await page.getByRole('dialog').getByRole('button', { name: 'Send Feedback' }).click();
    await expect.poll(() => page.getByText('Feedback sent').isVisible()).toBe(true);
    await context.close();
  });

  it('the contact form opens a ticket and confirms it', async () => {
    const { page, context } = await b.newPage();
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Please enter your name').isVisible()).toBe(true);
    await page.getByLabel('Name').fill('Pat Visitor');
    await page.getByLabel('Email').fill('pat.visitor@example.com');
    await page.getByLabel('Subject').fill('Gift vouchers');
    await page.getByLabel('Message').fill('Can I buy a deal as a gift for a friend?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText(/Your ticket number is [0-9A-F]{8}/).isVisible()).toBe(true);
    expect(await page.locator('main').innerText()).toContain('Mon-Fri');
    await context.close();
  });
});
