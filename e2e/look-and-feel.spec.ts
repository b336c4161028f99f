import type { Locator, Page } from '@playwright/test';
import { CablePage } from './page-models/cable-page.ts';
import { ElectricityPage } from './page-models/electricity-page.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { TransactionsPage } from './page-models/transactions-page.ts';
import { formTokenFor, newCustomer, onboardThroughApi, receiveTransfer, type OnboardedCustomer } from './support/customers.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForCode } from './support/outbox.ts';

/**
 * Look and feel: the main screens as a 360 × 640 phone shows them (screenshots against
 * committed baselines), nothing cut and every tap target at least 44 × 44 px at 320 and 360 px
 * (the bills' choose and review steps too), and the dashboard's conveniences (hide the balance,
 * share the account details, the header's account menu) with JavaScript on and off.
 */

/** The screens a customer sees most; each opened signed in (or not) as it needs. */
const mainScreens = ['/login', '/register', '/dashboard', '/transfer/send', '/transactions', '/account/settings', '/artime', '/bills/electricity'] as const;
const guestScreens = new Set<string>(['/login', '/register']);

/** A customer whose screens look the same every run: fixed names, money in from long-named senders. */
async function customerWithHistory(page: Page): Promise<OnboardedCustomer> {
  const me = await onboardThroughApi(page.request, newCustomer({ firstName: 'Adaeze', lastName: 'Okafor' }));
  await receiveTransfer(page.request, me.accountNumber, 1_250_000, 'LAWAL SEGUN IBRAHIM ADEBAYO-OGUNLEYE');
  await receiveTransfer(page.request, me.accountNumber, 2_000_050, 'CHUKWUEMEKA ONYEKACHI NWACHUKWU');
  return me;
}

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(new URL(page.url()).pathname, `${path} stayed put`).toBe(path);
}

/**
 * Text cut off on the screen: an element that shows text of its own, inside the viewport, whose
 * content is wider than its box (`scrollWidth > clientWidth`: an ellipsis, a clipped or an
 * overflowing line). Visually hidden text (sr-only, 1 px) is left out.
 */
async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (['SCRIPT', 'STYLE', 'svg', 'path', 'OPTION'].includes(element.tagName)) continue;
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      if (!ownText || !element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth) continue;
      if (element.scrollWidth > element.clientWidth + 1 || box.right > innerWidth + 0.5) {
        found.push(`${element.tagName.toLowerCase()} "${element.textContent!.trim().slice(0, 60)}" (${element.scrollWidth} > ${element.clientWidth}, right ${Math.round(box.right)})`);
      }
    }
    return found;
  });
}

/**
 * Links and buttons smaller than 44 × 44 px. WCAG 2.5.8's "inline" exception is kept, and only
 * it: a link shown inline inside running text (its block holds other text: a sentence such as
 * "freeze your account from the freeze page") may be as tall as the line. A link standing on its
 * own ("Forgot your password?", "See all") is never exempt, nor is any button.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const blockOf = (element: Element): Element => {
      let current = element.parentElement!;
      while (current.parentElement && getComputedStyle(current).display.startsWith('inline')) current = current.parentElement;
      return current;
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('a[href], button, summary, input[type="submit"], input[type="button"]')) {
      if (element.getAttribute('aria-hidden') === 'true' || !element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue;
      const inSentence =
        element.tagName === 'A' &&
        getComputedStyle(element).display === 'inline' &&
        blockOf(element).textContent!.replace(/\s+/g, ' ').trim().length > element.textContent!.replace(/\s+/g, ' ').trim().length;
      if (inSentence) continue;
      if (box.height < 44 - 0.5 || box.width < 44 - 0.5) {
        found.push(`${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim().slice(0, 50)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  });
}

for (const width of [320, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 640 } });

    test('no text is cut or pushed off the screen on the main screens', async ({ page }) => {
      await customerWithHistory(page);
      for (const path of mainScreens) {
        if (guestScreens.has(path)) continue;
        await open(page, path);
        expect.soft(await clippedText(page), path).toEqual([]);
      }
      // The header's account menu, open.
      await open(page, '/dashboard');
      await page.getByRole('banner').locator('summary').click();
      expect.soft(await clippedText(page), 'dashboard with the account menu open').toEqual([]);

      await page.context().clearCookies();
      for (const path of guestScreens) {
        await open(page, path);
        expect.soft(await clippedText(page), path).toEqual([]);
      }
    });

    test('every link and button on the main screens is at least 44 × 44 px', async ({ page }) => {
      await customerWithHistory(page);
      for (const path of [...mainScreens, '/transfer', '/data/purchase', '/bills/cable', '/beneficairies', '/kyc-verification', '/transactions?statement=1', '/dashboard#account-details']) {
        if (guestScreens.has(path)) continue;
        await page.goto(path);
        expect.soft(await smallTargets(page), path).toEqual([]);
      }
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Menu' }).click();
      expect.soft(await smallTargets(page), 'side menu open').toEqual([]);
      await page.goto('/dashboard');
      await page.getByRole('banner').locator('summary').click();
      expect.soft(await smallTargets(page), 'account menu open').toEqual([]);

      await page.context().clearCookies();
      for (const path of [...guestScreens, '/password/forgot', '/freeze', '/no-such-page', '/terms', '/privacy']) {
        await page.goto(path);
        expect.soft(await smallTargets(page), path).toEqual([]);
      }
    });

    test('the bills’ choose and review steps fit, with 44 px targets', async ({ page, js }) => {
      await signedInCustomer(page, naira(100_000));
      const screen = async (name: string) => {
        expect.soft(await clippedText(page), name).toEqual([]);
        expect.soft(await smallTargets(page), name).toEqual([]);
      };
      const electricity = new ElectricityPage(page, js);
      await electricity.goto();
      await electricity.chooseDisco('Abuja Electricity Distribution Company (AEDC)');
      await electricity.verifyMeter('Prepaid', '45012345678');
      await expect(electricity.amount).toBeVisible();
      await screen('electricity: the amount');
      await electricity.chooseAmount('5,000');
      await expect(electricity.pin).toBeVisible();
      await screen('electricity: the review');

      const cable = new CablePage(page, js);
      await cable.goto();
      await cable.verifyCard('DStv', '7023456789');
      await expect(cable.packages.first()).toBeVisible();
      await screen('cable: the package');
      await cable.choosePackage();
      await expect(cable.pin).toBeVisible();
      await screen('cable: the review');
    });
  });
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the airtime quick amounts are 44 px tall of their own (no stylesheet override)', async ({ page }) => {
    await onboardThroughApi(page.request);
    await open(page, '/artime');
    for (const button of await page.getByRole('group', { name: 'Quick amounts' }).getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
  });

  test('the latest transactions show whole names and times', async ({ page }) => {
    await customerWithHistory(page);
    await open(page, '/dashboard');
    const latest = page.getByTestId('latest-transactions');
    await expect(latest.getByText('LAWAL SEGUN IBRAHIM ADEBAYO-OGUNLEYE', { exact: true })).toBeVisible();
    for (const time of await latest.locator('time').all()) {
      expect(await time.evaluate((element) => element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().right <= innerWidth)).toBe(true);
    }
    expect(await clippedText(page)).toEqual([]);
  });

  test('the electricity companies are shown by their full names', async ({ page, js }) => {
    await onboardThroughApi(page.request);
    const electricity = new ElectricityPage(page, js);
    await electricity.goto();
    const names = await electricity.disco.locator('option').allTextContents();
    const longest = names.reduce((a, b) => (b.length > a.length ? b : a));
    expect(longest.length).toBeGreaterThan(30);
    await electricity.disco.selectOption({ label: longest });
    // The select grows to show the whole name on more lines instead of cutting it.
    const fits = await electricity.disco.evaluate((select) => {
      const lineHeight = parseFloat(getComputedStyle(select).lineHeight) || 24;
      return { height: select.getBoundingClientRect().height, lineHeight, wide: select.scrollWidth <= select.clientWidth };
    });
    expect(fits.wide).toBe(true);
    expect(fits.height).toBeGreaterThanOrEqual(fits.lineHeight * 2);
  });

  test('an email address wraps between its parts, not inside a word', async ({ page }) => {
    const me = await onboardThroughApi(page.request, newCustomer({ email: longEmail() }));
    await open(page, '/account/settings');
    await expectBrokenBetweenParts(page.getByTestId('email'), me.email);
  });

  test('the email being verified wraps between its parts too (the registration and verification islands)', async ({ page, screens }) => {
    const customer = newCustomer({ email: longEmail() });
    await screens.register.goto();
    await screens.register.register(customer);
    await screens.verify.arrivedAt('/account/verify');
    await expectBrokenBetweenParts(page.getByRole('main').getByTestId('email'), customer.email);
  });
});

/** An address too long for one line at 320 px, with dots and a hyphen in it. */
const longEmail = () => `oluwaseun.adebayo-ogunleye.${Date.now().toString(36)}@example.com.ng`;

/** Each line of the address ends at "@" or before a ".": read back from where the browser broke it. */
async function expectBrokenBetweenParts(email: Locator, address: string): Promise<void> {
  await expect(email).toHaveText(address);
  const lines = await email.evaluate((element) => {
    const range = document.createRange();
    const text = element.textContent!;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const tops: { top: number; text: string }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < node.textContent!.length; index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const last = tops.at(-1);
        if (last && last.top === top) last.text += node.textContent![index];
        else tops.push({ top, text: node.textContent![index]! });
      }
    }
    return { lines: tops.map((line) => line.text), text };
  });
  expect(lines.lines.length).toBeGreaterThan(1);
  for (const line of lines.lines.slice(1)) expect(line, `a line starts mid-word: ${lines.lines.join(' / ')}`).toMatch(/^[.]|^[^@]*$/);
  for (const line of lines.lines.slice(0, -1)) expect(line, `a line ends mid-word: ${lines.lines.join(' / ')}`).toMatch(/@$|[^.@]$/);
  expect(lines.lines.join('')).toBe(address);
}

test('onboarding screens offer a way to sign out', async ({ page, screens, customer }) => {
  await screens.register.goto();
  await screens.register.register(customer);
  await screens.verify.arrivedAt('/account/verify');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  await screens.verify.openAccount(await waitForCode(customer.email));
  await expect(signOut, '/address/update').toBeVisible();
  await screens.address.fill(customer);
  await screens.address.save();
  await screens.address.arrivedAt('/profile/created');
  await expect(signOut, '/profile/created').toBeVisible();
  await screens.pin.goto();
  await expect(signOut, '/pin/set').toBeVisible();
  await screens.pin.setPin(customer.pin);
  await screens.pin.arrivedAt('/security/question');
  await expect(signOut, '/security/question').toBeVisible();
  await signOut.click();
  await screens.login.arrivedAt('/login');
});

test('the header: menu, bank name and the account menu with sign-out fit one line at 320 px', async ({ page, screens }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await onboardThroughApi(page.request);
  await screens.dashboard.goto();
  const banner = page.getByRole('banner');
  const height = await banner.evaluate((element) => element.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(56);
  await expect(banner.getByRole('link', { name: 'Harmattan Bank' })).toBeVisible();
  expect(await clippedText(page)).toEqual([]);
  // The icons are drawn, not typed: no text glyph stands in for one anywhere on the dashboard.
  expect(await page.locator('main, header').first().evaluate(() => /[↗☏⇅ϟ▭★≡⎙☰]/.test(document.body.innerText))).toBe(false);
  await expect(page.locator('svg[data-icon]').first()).toHaveAttribute('aria-hidden', 'true');
  await screens.dashboard.signOut();
});

test('hide and show the balance: the server remembers it, with JavaScript or without', async ({ page, screens }) => {
  const me = await onboardThroughApi(page.request);
  await receiveTransfer(page.request, me.accountNumber, 1_250_000, 'CHIOMA EZE');
  const { dashboard } = screens;
  await dashboard.goto();
  await expect(dashboard.balance).toHaveText('₦12,500.00');
  await dashboard.balanceToggle.click();
  await dashboard.arrivedAt('/dashboard');
  await expect(dashboard.balance).not.toContainText('12,500');
  await expect(dashboard.balance).toContainText('Balance hidden');
  await expect(dashboard.balanceToggle).toHaveAccessibleName('Show balance');
  // Still hidden on the next visit.
  await dashboard.goto();
  await expect(dashboard.balance).toContainText('Balance hidden');
  await dashboard.balanceToggle.click();
  await dashboard.arrivedAt('/dashboard');
  await expect(dashboard.balance).toHaveText('₦12,500.00');

  // Anything but the form's two answers changes nothing.
  const refused = await page.request.post('/dashboard', { headers: { origin: new URL(page.url()).origin }, form: { intent: 'balance-visibility', hide: 'maybe', _csrf: await formTokenFor(page.request, '/dashboard') } });
  expect(refused.status()).toBe(400);
  await dashboard.goto();
  await expect(dashboard.balance).toHaveText('₦12,500.00');
});

test('a new customer is told what to do first, and shares the account details without a dialog', async ({ page, screens, js }) => {
  const me = await onboardThroughApi(page.request);
  const { dashboard } = screens;
  await dashboard.goto();
  await expect(dashboard.gettingStarted).toBeVisible();
  await expect(dashboard.gettingStarted).toContainText('Fund your account');
  await expect(dashboard.gettingStarted).toContainText(me.accountNumber);
  await expect(dashboard.chart).toHaveCount(0);
  // "Transactions" everywhere (the dashboard's quick action and the menu agree).
  await expect(page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'History' })).toHaveCount(0);
  await expect(page.locator('[command], [commandfor]')).toHaveCount(0);

  await expect(dashboard.accountDetails).toBeHidden();
  await dashboard.shareDetailsLink.click();
  await expect(dashboard.accountDetails).toBeVisible();
  await expect(dashboard.accountDetails).toContainText(me.accountNumber);
  await expect(dashboard.accountDetails.getByRole('link', { name: 'By SMS' })).toHaveAttribute('href', new RegExp(`^sms:.*${me.accountNumber}`));
  // The copy buttons are an enhancement: shown with JavaScript, absent without (the text is selectable).
  await expect(page.getByTestId('copy-account-number')).toBeVisible({ visible: js });
  await dashboard.accountDetails.getByRole('link', { name: 'Close account details' }).click();
  await expect(dashboard.accountDetails).toBeHidden();

  // Once money has arrived the chart is back.
  await receiveTransfer(page.request, me.accountNumber, 500_000, 'CHIOMA EZE');
  await dashboard.goto();
  await expect(dashboard.gettingStarted).toHaveCount(0);
  await expect(dashboard.chart).toBeVisible();
});

test('the transactions filter stays folded until a filter is set', async ({ page, js }) => {
  await customerWithHistory(page);
  const history = new TransactionsPage(page, js);
  await history.goto();
  await expect(history.search).toBeHidden();
  // The first screen shows transactions, not the filter card.
  const firstRow = await history.rows.first().boundingBox();
  expect(firstRow!.y + firstRow!.height).toBeLessThanOrEqual(640);
  await history.filter({ q: 'lawal' });
  await expect(history.search).toBeVisible();
  await expect(history.rows).toHaveCount(1);
});

test.describe('screenshots at 360 × 640', () => {
  // One project draws the baselines: without JavaScript the page is exactly what the server sent.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, 'the look is compared once, in js-off');

  const shot = { maxDiffPixelRatio: 0.02, animations: 'disabled', caret: 'hide' } as const;
  /** What changes from run to run: the customer's own numbers, names, dates and contact details. */
  const dynamic = (page: Page): Locator[] => [
    page.getByTestId('account-number'),
    page.getByTestId('balance'),
    page.getByTestId('email'),
    page.getByTestId('phone'),
    page.getByTestId('customer-since'),
    page.getByTestId('account-name'),
    page.getByTestId('full-name'),
    page.locator('time'),
    page.locator('input[type="tel"], input[name="phone_number"]'),
    page.getByTestId('getting-started').locator('.font-mono'),
    page.getByTestId('history-empty'),
    page.getByTestId('latest-transactions'),
  ];

  test('guest screens', async ({ page }) => {
    await open(page, '/login');
    await expect(page).toHaveScreenshot('login.png', shot);
    await open(page, '/register');
    await expect(page).toHaveScreenshot('register.png', shot);
  });

  test('signed-in screens', async ({ page }) => {
    await onboardThroughApi(page.request, newCustomer({ firstName: 'Adaeze', lastName: 'Okafor' }));
    for (const [path, name] of [
      ['/dashboard', 'dashboard'],
      ['/transfer/send', 'transfer-send'],
      ['/transactions', 'transactions'],
      ['/account/settings', 'settings'],
      ['/artime', 'airtime'],
    ] as const) {
      await open(page, path);
      // The dashboard's heading greets by the time of day.
      const mask = path === '/dashboard' ? [...dynamic(page), page.getByRole('heading', { level: 1 })] : dynamic(page);
      await expect(page, path).toHaveScreenshot(`${name}.png`, { ...shot, mask });
    }
  });
});
