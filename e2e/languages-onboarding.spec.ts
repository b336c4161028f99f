import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures.ts';
import { callApi, newCustomer, onboardThroughApi } from './support/customers.ts';
import { decodeQuotedPrintable, mailsTo, rawMail, smsTo, waitForCode, waitUntil } from './support/outbox.ts';
import { e164, waitForSecurityCode } from './support/settings.ts';
import { wrongCodeFor } from './support/recovery.ts';
import { BasePage } from './page-models/base-page.ts';
import { speak } from './support/language.ts';

/**
 * Languages, JavaScript on and off: the forgotten-password screens in Hausa
 * (a field error, a wrong code, a mismatched password, each in Hausa) with the reset code mailed
 * in the Hausa of the customer's profile; email verification, the new account and the PIN in
 * Pidgin; /freeze (no sign-in) in Yoruba, with the owner's code and confirmation mailed in Yoruba;
 * /account/freeze (freeze with a wrong password first, then unfreeze with a code sent by SMS and the PIN) in Igbo; the 404 page and the
 * idle-timeout warning in Igbo.
 * One forgot request per project (the server allows 10 per network per 15 minutes, and
 * e2e/password-reset.spec.ts uses 8 of them a run).
 */

/** The code in the newest mail to `email` whose decoded text contains `words`. */
async function codeMailedIn(email: string, words: string, pattern: RegExp): Promise<{ code: string; text: string }> {
  return waitUntil(
    () => {
      const texts = mailsTo(email).map((file) => decodeQuotedPrintable(rawMail(file))).filter((text) => text.includes(words));
      const text = texts.at(-1);
      const code = text?.match(pattern)?.[1];
      return code && text ? { code, text } : undefined;
    },
    10_000,
    () => `no mail to ${email} with "${words}"`,
  );
}

test.describe('languages: forgotten password, 404 and the timeout warning', () => {
  test('a Hausa customer resets the password in Hausa, with the code mailed in Hausa', async ({ page, js }) => {
    const screen = new BasePage(page, js);
    const customer = await onboardThroughApi(page.request, newCustomer());
    // Signed in with Hausa chosen: the profile takes Hausa (emails follow it). Then signed out.
    await speak(page, 'ha');
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha-NG');
    await page.context().clearCookies();
    await speak(page, 'ha');

    await page.goto('/login');
    await page.getByRole('link', { name: 'Ka manta kalmar sirrinka?' }).click();
    await screen.arrivedAt('/password/forgot');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ka manta kalmar sirrinka?');
    await page.getByLabel('Adireshin imel').fill('not-an-email');
    await page.getByRole('button', { name: 'Aiko mini da lamba' }).click();
    await screen.ready();
    await expect(page.getByText('Shigar da ingantaccen adireshin imel, kamar name@example.com')).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toHaveCount(0);

    await page.getByLabel('Adireshin imel').fill(customer.email);
    await page.getByRole('button', { name: 'Aiko mini da lamba' }).click();
    await screen.arrivedAt('/password/reset/token');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Duba imel ɗinka');
    await expect(page.getByText('idan tana da asusu. Za ta yi aiki na minti 15.')).toBeVisible();
    const { code, text } = await codeMailedIn(customer.email, 'Lambar sake saita kalmar sirri ta', /ita ce (\d{6})\./);
    expect(text).toContain(`Sannu ${customer.firstName},`);

    await page.getByLabel('Lambar sake saiti').fill(wrongCodeFor(code));
    await page.getByRole('button', { name: 'Ci gaba' }).click();
    await screen.ready();
    await expect(page.getByText('Wannan lambar ba daidai ba ce. Saura maka gwaji 4.').first()).toBeVisible();

    await page.getByLabel('Lambar sake saiti').fill(code);
    await page.getByRole('button', { name: 'Ci gaba' }).click();
    await screen.arrivedAt('/password/reset');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zaɓi sabuwar kalmar sirri');
    const password = `Rogo-tafki-${randomBytes(3).toString('hex')}-Kano`;
    await page.getByLabel('Sabuwar kalmar sirri', { exact: true }).fill(password);
    await page.getByLabel('Tabbatar da sabuwar kalmar sirri').fill(`${password}x`);
    await page.getByRole('button', { name: 'Ajiye sabuwar kalmar sirrina' }).click();
    await screen.ready();
    await expect(page.getByText('Kalmomin sirrin biyu ba su yi daidai ba')).toBeVisible();
    await expect(page.getByText('The two passwords do not match')).toHaveCount(0);
    await page.getByLabel('Sabuwar kalmar sirri', { exact: true }).fill(password);
    await page.getByLabel('Tabbatar da sabuwar kalmar sirri').fill(password);
    await page.getByRole('button', { name: 'Ajiye sabuwar kalmar sirrina' }).click();
    await screen.arrivedAt('/login');
    await expect(page.getByText('An canza kalmar sirrinka. Shiga da sabuwa.')).toBeVisible();
    await codeMailedIn(customer.email, 'An sake saita kalmar sirrinka da lambar', /(\d{2}:\d{2})/);
  });

  test('a new customer verifies the email, sees the account number and sets the PIN in Pidgin', async ({ page, js }) => {
    const screen = new BasePage(page, js);
    const customer = newCustomer();
    await speak(page, 'pcm');
    // register's token is the session cookie of this browser from here on.
    await callApi(page.request, 'POST', '/v1/auth/register', {
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone_number: customer.phone,
      password: customer.password,
      password_confirmation: customer.password,
      terms: true,
    });
    const code = await waitForCode(customer.email);
    await page.goto('/account/verify');
    await screen.ready();
    await expect(page.getByText('We don send 6-digit code go')).toContainText('The code go work for 10 minutes.');
    await page.getByLabel('Verification code').fill(wrongCodeFor(code));
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await screen.ready();
    await expect(page.getByText('That code no correct. You get 4 tries remain.').first()).toBeVisible();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await screen.arrivedAt('/address/update');

    await callApi(page.request, 'POST', '/v1/onboarding/address', { address: customer.address, city: customer.city, state: customer.state, lga: customer.lga });
    await page.goto('/profile/created');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your profile don ready');
    await expect(page.getByText(`Well done, ${customer.firstName}. Your account don open:`)).toBeVisible();
    await page.getByRole('link', { name: 'Set my transaction PIN' }).click();
    await screen.arrivedAt('/pin/set');
    await expect(page.getByText('You go use this PIN confirm every transfer')).toBeVisible();
    await page.getByLabel('Transaction PIN').fill('2580');
    await page.getByLabel('Confirm PIN').fill('2581');
    await page.getByRole('button', { name: 'Set my PIN' }).click();
    await screen.ready();
    await expect(page.getByText('The two PINs no match')).toBeVisible();
    await page.getByLabel('Transaction PIN').fill('2580');
    await page.getByLabel('Confirm PIN').fill('2580');
    await page.getByRole('button', { name: 'Set my PIN' }).click();
    await screen.arrivedAt('/security/question');
  });

  test('a Yoruba customer freezes the account from /freeze in Yoruba, with the code mailed in Yoruba', async ({ browser, page, js }, testInfo) => {
    const screen = new BasePage(page, js);
    // The owner, signed in elsewhere with Yoruba chosen: the profile takes Yoruba.
    const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: js });
    const phone = await elsewhere.newPage();
    const owner = await onboardThroughApi(phone.request, newCustomer());
    await speak(phone, 'yo');
    await phone.goto('/dashboard');
    await expect(phone.locator('html')).toHaveAttribute('lang', 'yo-NG');
    await elsewhere.close();

    // Someone else's browser, not signed in, reading Yoruba.
    await speak(page, 'yo');
    await page.goto('/freeze');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dí àkáǹtì kan');
    await page.getByLabel('Nọ́ńbà àkáǹtì tàbí àdírẹ́sì ímeèlì').fill('12345');
    await page.getByRole('button', { name: 'Fi kóòdù ránṣẹ́ sí ímeèlì mi' }).click();
    await screen.ready();
    await expect(page.getByText('Nọ́ńbà 10 ni nọ́ńbà àkáǹtì')).toBeVisible();
    await page.getByLabel('Nọ́ńbà àkáǹtì tàbí àdírẹ́sì ímeèlì').fill(owner.accountNumber);
    await page.getByRole('button', { name: 'Fi kóòdù ránṣẹ́ sí ímeèlì mi' }).click();
    await screen.ready();
    await expect(page.getByText('Tí a bá ní àkáǹtì pẹ̀lú àlàyé wọ̀nyẹn')).toBeVisible();
    const { code } = await codeMailedIn(owner.email, 'Ẹnìkan béèrè láti DÍ àkáǹtì', /Kóòdù rẹ ni (\d{6})\./);
    await page.getByLabel('Kóòdù ìdínà').fill(wrongCodeFor(code));
    await page.getByRole('button', { name: 'Dí àkáǹtì náà' }).click();
    await screen.ready();
    await expect(page.getByText('Kóòdù yẹn kò tọ́. Ìgbìyànjú 4 ló kù fún ọ.').first()).toBeVisible();
    await page.getByLabel('Kóòdù ìdínà').fill(code);
    await page.getByRole('button', { name: 'Dí àkáǹtì náà' }).click();
    await screen.ready();
    await expect(page.getByTestId('frozen')).toHaveText('A ti dí àkáǹtì náà. Kò sí owó tí ó lè jáde nínú rẹ̀, a sì ti mú gbogbo ẹ̀rọ tó wọlé sí i jáde. A ti fi ímeèlì ránṣẹ́ sí ẹni tó ni í lórí bí yóò ṣe ṣí i padà.');
    await codeMailedIn(owner.email, 'A dí àkáǹtì', /(A dí àkáǹtì)/);
  });

  test('a signed-in Igbo customer freezes and unfreezes the account in Igbo', async ({ page, js }) => {
    const screen = new BasePage(page, js);
    const customer = await onboardThroughApi(page.request, newCustomer());
    await speak(page, 'ig');
    await page.goto('/account/freeze');
    await screen.ready();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Kpọchie akaụntụ m');
    await page.getByLabel('Okwuntughe gị').fill('not-my-password');
    await page.getByRole('button', { name: 'Kpọchie akaụntụ m' }).click();
    await screen.ready();
    await expect(page.getByText('Nke ahụ abụghị okwuntughe gị ugbu a.').first()).toBeVisible();
    await page.getByLabel('Okwuntughe gị').fill(customer.password);
    await page.getByRole('button', { name: 'Kpọchie akaụntụ m' }).click();
    await screen.ready();
    await expect(page.getByText('E kpọchiela akaụntụ gị.')).toBeVisible();
    await expect(page.getByTestId('freeze-state')).toContainText('Akaụntụ gị kpọchiri kemgbe');

    // Unfreezing needs a code sent to the phone (the page's own "send me a code" form) and the PIN.
    const before = smsTo(e164(customer.phone)).length;
    await page.getByRole('button', { name: 'Zitere m koodu' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'code');
    await screen.ready();
    await expect(page.getByText('Anyị ezigala koodu nwere ọnụọgụ 6 na ekwentị gị dị ka SMS na na email gị.', { exact: false })).toBeVisible();
    await page.getByLabel('Koodu anyị zitere na ekwentị gị na email gị').fill(await waitForSecurityCode(customer.phone, before));
    await page.getByLabel('PIN azụmahịa').fill(customer.pin);
    await page.getByRole('button', { name: 'Meghee akaụntụ m' }).click();
    await screen.ready();
    await expect(page.getByText('E megheela akaụntụ gị. Nzipu ego na ịkwụ ụgwọ na-arụ ọrụ ọzọ.')).toBeVisible();
  });

  test('the 404 page and the idle-timeout warning speak Igbo', async ({ page, js }) => {
    const screen = new BasePage(page, js);
    await speak(page, 'ig');
    const missing = await page.goto('/no-such-page-here');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('Anyị ahụghị /no-such-page-here.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gaa na mbanye' })).toBeVisible();

    await onboardThroughApi(page.request, newCustomer());
    await page.goto('/no-such-page-here');
    await screen.ready();
    await expect(page.getByText('Ọ dịghị ihe mere ego gị.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Laghachi na ibe mbụ m' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Ụzọ mkpirikpi' }).getByRole('link', { name: 'Zụta kaadị ekwentị' })).toBeVisible();
    // With JavaScript the warning is in the page, closed until a minute before the idle sign-out
    // (e2e/session-timeout.spec.ts times it); without, it is not in the page at all (nothing could
    // act on it), and its words wait in the page's script-only block.
    if (js) {
      await expect(page.locator('#session-timeout-title')).toHaveText('Ị ka nọ ebe ahụ?');
      await expect(page.locator('#session-timeout-text')).toContainText('Maka nchekwa gị, anyị ga-eme ka ị pụọ n’ime sekọnd');
    } else {
      await expect(page.locator('#session-timeout-title')).toHaveCount(0);
      const block = page.locator('script[data-script-only="session-timeout"]');
      await expect(block).toHaveCount(1);
      const words = (await block.textContent())!.replace(/<[^>]+>/g, '');
      expect(words).toContain('Ị ka nọ ebe ahụ?');
      expect(words).toContain('Maka nchekwa gị, anyị ga-eme ka ị pụọ n’ime sekọnd');
    }
  });
});
