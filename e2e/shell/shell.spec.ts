import { DEMO, expectAccessible, login, newCustomer, screenshot, signIn, test, expect } from '../support/browser';
import { PERKBOOST_AVAILABILITY } from '@localperks/shared';

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

test.describe('site shell', () => {
  // The shell as most people see it: smooth scrolling, transitions and animations (browser.ts, `motion`).
  test.use({ motion: 'no-preference' });

  test('a reader who asked for less motion gets no smooth scrolling, and animations and transitions that end at once', async ({
    newPage,
  }) => {
    for (const motion of ['no-preference', 'reduce'] as const) {
      const { page, context } = await newPage({ motion });
      await page.goto('/about');
      // A spinner (`animate-spin`) and a button's colour change (`transition-colors`), as the app draws them.
      const styles = await page.evaluate(() => {
        const spinner = document.createElement('span');
        spinner.className = 'animate-spin';
        const button = document.createElement('button');
        button.className = 'transition-colors';
        document.body.append(spinner, button);
        const s = getComputedStyle(spinner);
        const b = getComputedStyle(button);
        return {
          scroll: getComputedStyle(document.documentElement).scrollBehavior,
          spinnerRepeats: s.animationIterationCount,
          spinnerSeconds: parseFloat(s.animationDuration),
          transitionSeconds: parseFloat(b.transitionDuration),
        };
      });
      if (motion === 'reduce') {
        expect(styles).toEqual({
          scroll: 'auto',
          spinnerRepeats: '1',
          spinnerSeconds: expect.any(Number),
          transitionSeconds: expect.any(Number),
        });
        expect(styles.spinnerSeconds).toBeLessThan(0.001);
        expect(styles.transitionSeconds).toBeLessThan(0.001);
      } else {
        expect(styles).toEqual({ scroll: 'smooth', spinnerRepeats: 'infinite', spinnerSeconds: 1, transitionSeconds: 0.15 });
      }
      await context.close();
    }
  });

  // One journey per width, so the two can run side by side.
  for (const width of [1280, 375]) {
    test(`every static page renders its content and passes axe at ${width} px`, async ({ newPage }) => {
      const { page, context } = await newPage({ width });
      for (const [path, heading] of STATIC_PAGES) {
        await page.goto(path);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1, path).toHaveText(new RegExp(heading, 'i'));
        // Real content, not a placeholder.
        const main = page.locator('main');
        await expect
          .poll(async () => (await main.innerText()).length, { message: path, timeout: 10_000 })
          .toBeGreaterThan(path === '/contact' ? 250 : 400);
        await expect(main, path).not.toHaveText(/coming soon|lorem ipsum/i, { useInnerText: true });
        await expectAccessible(page);
        await screenshot(page, `static${path.replaceAll('/', '-')}-${width}`);
      }
      await context.close();
    });
  }

  test('a new address opens at the top of its page; a reload keeps the place', async ({ newPage }) => {
    // Without smooth scrolling: the place restored is jumped to, not scrolled to (a smooth scroll that
    // something on the page interrupts can stop a few pixels short of it).
    const { page, context } = await newPage({ width: 375, height: 812, motion: 'reduce' });
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.goto('/about');
    await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
    await expect.poll(scrollY).toBe(1200);
    // An address typed in: goto returns once the page is live, after React Router has restored any place.
    await page.goto('/terms');
    expect(await scrollY()).toBe(0);
    await page.evaluate(() => window.scrollTo({ top: 900, behavior: 'instant' }));
    await expect.poll(scrollY).toBe(900);
    await page.reload();
    await expect.poll(scrollY).toBe(900);
    await context.close();
  });

  test('the legal pages carry their dates and the PerkBoost pricing grid its prices and tags', async ({ newPage }) => {
    const { page, context } = await newPage();
    for (const [path, date] of [
      ['/privacy', 'May 16, 2025'],
      ['/terms', 'May 20, 2025'],
      ['/company/merchant-terms', 'May 20, 2025'],
      ['/company/merchant-refund-policy', 'May 22, 2025'],
    ]) {
      await page.goto(path!);
      await expect(page.locator('main')).toContainText(date!, { useInnerText: true });
    }
    await page.goto('/perkboost-info');
    for (const s of [
      '$9.99',
      '$24.99',
      '$49.99',
      '$89.99',
      'Popular',
      'Best Value',
      // Who may boost what, as the server applies it (issue 39), and listing boosts too.
      PERKBOOST_AVAILABILITY,
      'Boost your business listing',
    ])
      await expect(page.locator('main')).toContainText(s, { useInnerText: true });
    await context.close();
  });

  test('unknown paths show Page Not Found with links to / and /deals', async ({ newPage }) => {
    const { page, context } = await newPage();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Browse Deals' })).toHaveAttribute('href', '/deals');
    await expectAccessible(page);
    await context.close();
  });

  test('header search goes to /deals?search= with the trimmed text and ignores blank input', async ({ newPage }) => {
    const { page, context } = await newPage();
    await page.goto('/about');
    const box = page.getByPlaceholder('Search deals...');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL((u) => u.pathname === '/about');
    await box.fill('  sushi  ');
    await box.press('Enter');
    await page.waitForURL('**/deals?search=sushi');
    await context.close();
  });

  test('under 768 px the header becomes the side menu with the spec items per role', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect(menu).toBeVisible();
    await expect(menu.locator('a, button')).toHaveText(
      ['Home', 'Browse Deals', 'Favorites (0)', 'Cart (0)', 'My Purchases', 'Login / Signup'],
      {
        useInnerText: true,
      },
    );
    await screenshot(page, 'side-menu-visitor-375');
    await expectAccessible(page);
    await context.close();

    const m = await newPage({ width: 375, height: 800 });
    await login(m.page, DEMO.merchant);
    await m.page.waitForURL('**/merchant/dashboard');
    await m.page.goto('/about');
    await m.page.getByRole('button', { name: 'Open menu' }).click();
    const mmenu = m.page.getByRole('navigation', { name: 'Side menu' });
    await expect(mmenu).toBeVisible();
    await expect(mmenu.locator('a, button')).toHaveText(
      // No Favorites or Cart for merchants, as in the header (docs/product/customer-spec.md §6; issue 38 item 9).
      ['Home', 'Browse Deals', 'My Purchases', 'Profile', 'Merchant Dashboard', 'Launch Checklist', 'Redeem Voucher', 'Logout'],
      { useInnerText: true },
    );
    await screenshot(m.page, 'side-menu-merchant-375');
    await m.context.close();
  });

  test('desktop header: avatar menu by role, merchant links, no cart or favourites for merchants, logout toast', async ({ newPage }) => {
    const { page, context } = await newPage();
    await login(page, DEMO.merchant);
    await page.waitForURL('**/merchant/dashboard');
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Browse Deals', 'My Purchases', 'Merchant Dashboard', 'Launch Checklist'], {
      useInnerText: true,
    });
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
    await expect(header.getByRole('link', { name: /^Favorites/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /account menu for / })).toHaveText('MO', { useInnerText: true });
    await page.getByRole('button', { name: /account menu for / }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('merchant@localperks.example', { useInnerText: true });
    await expect(menu).toContainText('Merchant', { useInnerText: true });
    await expect(menu.getByRole('menuitem').first()).toHaveText('Merchant Dashboard', { useInnerText: true });
    await screenshot(page, 'header-merchant-menu-1280');
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await page.waitForURL((u) => u.pathname === '/');
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await context.close();
  });

  test('feedback: empty text warns, real text is stored and confirmed', async ({ newPage }) => {
    const { page, context } = await newPage({ width: 375 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Feedback' }).click();
    await page.getByRole('dialog', { name: 'Send Feedback' }).getByRole('button', { name: 'Send Feedback' }).click();
    await expect(page.getByText('Empty feedback')).toBeVisible();
    await page.getByLabel('Your feedback').fill('The deal pages look great!');
    await page.getByRole('dialog').getByRole('button', { name: 'Send Feedback' }).click();
    await expect(page.getByText('Feedback sent')).toBeVisible();
    await context.close();
  });

  test('the contact form fills in a signed-in reader’s name and e-mail without overwriting what they typed first', async ({ newPage }) => {
    const customer = await newCustomer('contact');
    const { page, context } = await newPage();
    await signIn(context, customer.cookie);
    // The session answers only once the reader has typed into the form.
    let answerSession!: () => void;
    const typed = new Promise<void>((resolve) => (answerSession = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Casey Customer');
    await page.getByLabel('Subject').fill('A voucher question');
    const session = page.waitForResponse((r) => r.url().endsWith('/api/auth/session'));
    answerSession();
    await session;
    // The e-mail nobody typed comes from the session; what was typed stays.
    await expect(page.getByLabel('Email')).toHaveValue(customer.email);
    await expect(page.getByLabel('Name')).toHaveValue('Casey Customer');
    await expect(page.getByLabel('Subject')).toHaveValue('A voucher question');
    await context.close();
  });

  test('the contact form opens a ticket and confirms it', async ({ newPage }) => {
    const { page, context } = await newPage();
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your name')).toBeVisible();
    await page.getByLabel('Name').fill('Pat Visitor');
    await page.getByLabel('Email').fill('pat.visitor@example.com');
    await page.getByLabel('Subject').fill('Gift vouchers');
    await page.getByLabel('Message').fill('Can I buy a deal as a gift for a friend?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(/Your ticket number is [0-9A-F]{8}/)).toBeVisible();
    await expect(page.locator('main')).toContainText('Mon-Fri', { useInnerText: true });
    await context.close();
  });
});
