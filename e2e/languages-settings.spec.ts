import { expect, test } from './support/fixtures.ts';
import { callApi, newCustomer, onboardThroughApi } from './support/customers.ts';
import { smsTo, waitForCode } from './support/outbox.ts';
import { e164, waitForSecurityCode } from './support/settings.ts';
import { ownRecordBirthDate, testBvns } from './support/kyc.ts';
import { BasePage } from './page-models/base-page.ts';
import { speak } from './support/language.ts';

/**
 * Languages, onboarding and settings, JavaScript on and off: the address step and the
 * security question in Hausa (a field error each, in Hausa), the KYC page in Igbo (a BVN field
 * error, then a BVN no record has, with the tries left), the transaction PIN changed in Yoruba on
 * /account/settings (a field error, a wrong current PIN and the current PIN again, then the
 * notice), and the limits in Pidgin (a refused amount on /account/limits, then a lowered limit and
 * instant transfers turned off with a code sent by SMS and the PIN, with their notices).
 */

test.describe('languages: address, security question, KYC, settings and limits', () => {
  test('a new customer gives the address and the security question in Hausa', async ({ page, js }) => {
    const screen = new BasePage(page, js);
    const customer = newCustomer();
    // Registered and verified through the API: the next step is the address.
    await callApi(page.request, 'POST', '/v1/auth/register', {
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone_number: customer.phone,
      password: customer.password,
      password_confirmation: customer.password,
      terms: true,
    });
    await callApi(page.request, 'POST', '/v1/onboarding/verify-otp', { otp: await waitForCode(customer.email) });
    await speak(page, 'ha');

    await page.goto('/address/update');
    await screen.ready();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha-NG');
    await expect(screen.heading).toHaveText('A ina kake zaune?');
    await page.getByLabel('Adireshin titi').fill('12');
    await page.getByLabel('Birni ko gari').fill(customer.city);
    await page.getByLabel('Jiha', { exact: true }).selectOption('Lagos');
    if (!js) {
      await page.getByRole('button', { name: 'Nuna ƙananan hukumomin wannan jiha' }).click();
      await screen.ready();
      await expect(screen.notice).toHaveText('Yanzu zaɓi ƙaramar hukumarka.');
    }
    await page.getByLabel('Ƙaramar hukuma').selectOption('Ikeja');
    await page.getByRole('button', { name: 'Ajiye adireshina' }).click();
    await screen.ready();
    await expect(screen.fieldError('address')).toHaveText('Shigar da cikakken adireshin titinka');
    await expect(page.getByText('Enter your full street address')).toHaveCount(0);

    await page.getByLabel('Adireshin titi').fill(customer.address);
    await page.getByRole('button', { name: 'Ajiye adireshina' }).click();
    await screen.arrivedAt('/profile/created');

    // The PIN through the API; then the security question, asked in Hausa.
    await callApi(page.request, 'POST', '/v1/onboarding/set-pin', { pin: customer.pin, pin_confirmation: customer.pin });
    await page.goto('/security/question');
    await screen.ready();
    await expect(screen.heading).toHaveText('Zaɓi tambayar tsaro');
    await page.getByRole('button', { name: 'Kammala saitin' }).click();
    await screen.ready();
    await expect(screen.fieldError('security_question_id')).toHaveText('Zaɓi tambaya');
    await expect(screen.fieldError('answer')).toHaveText('Rubuta amsarka');
    await page.getByLabel('Tambayar tsaro').selectOption({ label: 'A wane gari aka haifi mahaifiyarka?' });
    await page.getByLabel('Amsarka').fill(customer.securityAnswer);
    await page.getByRole('button', { name: 'Kammala saitin' }).click();
    await screen.arrivedAt('/dashboard');
  });

  test('the KYC page in Igbo, with a BVN field error in Igbo', async ({ page, js }) => {
    const screen = new BasePage(page, js);
    await onboardThroughApi(page.request, newCustomer(), undefined, { identity: false });
    await speak(page, 'ig');
    await page.goto('/kyc-verification');
    await screen.ready();
    await expect(screen.heading).toHaveText('Oke gị');
    // A new customer has proved nothing: Tier 0, and Tier 1 asks for a BVN or a NIN.
    await expect(page.getByTestId('current-tier')).toHaveText('Ị nọ n’Ọkwa 0');
    await expect(page.getByText('Ọ chọrọ: BVN ma ọ bụ NIN e nyochala', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nyochaa NIN gị' })).toBeVisible();
    await page.getByLabel('BVN (Bank Verification Number)').fill('12345');
    await page.locator('#date_of_birth').fill('1990-05-17');
    await page.getByRole('button', { name: 'Nyochaa BVN m' }).click();
    await screen.ready();
    await expect(screen.fieldError('bvn')).toHaveText('BVN gị nwere kpọmkwem ọnụọgụ 11');

    // No record has this BVN: the service says so with the tries left, in Igbo (from the API with JavaScript, from the page without).
    await page.getByLabel('BVN (Bank Verification Number)').fill(testBvns.notFound);
    await page.locator('#date_of_birth').fill(ownRecordBirthDate);
    await page.getByRole('button', { name: 'Nyochaa BVN m' }).click();
    await screen.ready();
    await expect(page.getByRole('alert')).toHaveText('Anyị ahụghị BVN ahụ. Lelee ọnụọgụ 11 ahụ (pịa *565*0# na ekwentị i ji debanye ya aha iji hụ ya). Ị nwere ike ịnwa ugboro 4 ọzọ taa.');
    await expect(screen.fieldError('bvn')).toHaveText('Enweghị ndekọ BVN nwere ọnụọgụ 11 ndị a');
  });

  test('a Yoruba customer changes the transaction PIN in Yoruba', async ({ page, js }) => {
    const screen = new BasePage(page, js);
    const customer = await onboardThroughApi(page.request, newCustomer());
    await speak(page, 'yo');
    await page.goto('/account/settings');
    await screen.ready();
    await expect(page.getByRole('heading', { name: 'Yí PIN ìdúnàádúrà rẹ padà' })).toBeVisible();
    const pin = page.locator('section#pin');

    // Too easy a PIN: refused field by field, in Yoruba.
    await pin.getByLabel('PIN lọ́wọ́lọ́wọ́').fill(customer.pin);
    await pin.getByLabel('PIN tuntun', { exact: true }).fill('1111');
    await pin.getByLabel('Jẹ́rìí sí PIN tuntun').fill('1111');
    await pin.getByRole('button', { name: 'Yí PIN mi padà' }).click();
    await screen.ready();
    await expect(page.locator('#pin-pin-error')).toHaveText('PIN yẹn rọrùn jù láti gbà: yẹra fún nọ́ńbà kan náà léraléra àti ọ̀wọ́ bíi 1234');
    await expect(page.getByText('too easy to guess')).toHaveCount(0);

    // A wrong current PIN: refused with the tries left, in Yoruba (from the API with JavaScript, from the page without).
    await pin.getByLabel('PIN lọ́wọ́lọ́wọ́').fill('9630');
    await pin.getByLabel('PIN tuntun', { exact: true }).fill('2580');
    await pin.getByLabel('Jẹ́rìí sí PIN tuntun').fill('2580');
    await pin.getByRole('button', { name: 'Yí PIN mi padà' }).click();
    await screen.ready();
    await expect(page.locator('#pin-current_pin-error')).toContainText('PIN kò tọ́. Ìgbìyànjú');
    await expect(page.getByText('Wrong PIN')).toHaveCount(0);

    // The new PIN the same as the current one: the service refuses it, in Yoruba.
    await pin.getByLabel('PIN lọ́wọ́lọ́wọ́').fill(customer.pin);
    await pin.getByLabel('PIN tuntun', { exact: true }).fill(customer.pin);
    await pin.getByLabel('Jẹ́rìí sí PIN tuntun').fill(customer.pin);
    await pin.getByRole('button', { name: 'Yí PIN mi padà' }).click();
    await screen.ready();
    await expect(page.locator('#pin-pin-error')).toHaveText('Yan PIN tó yàtọ̀ sí èyí tí o ń lò báyìí');

    await pin.getByLabel('PIN lọ́wọ́lọ́wọ́').fill(customer.pin);
    await pin.getByLabel('PIN tuntun', { exact: true }).fill('2580');
    await pin.getByLabel('Jẹ́rìí sí PIN tuntun').fill('2580');
    await pin.getByRole('button', { name: 'Yí PIN mi padà' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'pin');
    await screen.ready();
    await expect(pin.locator('.alert-info')).toHaveText('A ti yí PIN ìdúnàádúrà rẹ padà. Fi PIN tuntun jẹ́rìí sí ìfiránṣẹ́ owó àti ìsanwó.');
    await expect(page.getByTestId('current-question')).toHaveText('Ìlú wo ni wọ́n ti bí ìyá rẹ?');
  });

  test('the limits in Pidgin: a refused amount, a lower limit and instant transfers off with a code and the PIN', async ({ page, js }) => {
    const screen = new BasePage(page, js);
    const customer = await onboardThroughApi(page.request, newCustomer());
    await speak(page, 'pcm');
    await page.goto('/account/settings#limits');
    await screen.ready();
    const limits = page.locator('section#limits');
    await expect(limits.getByText('Wetin you don send and spend today')).toBeVisible();
    await expect(page.getByTestId('own-daily-limit')).toHaveText('You never set am: na the tier limit dey work');

    await limits.getByLabel('New daily limit (₦)').fill('plenty');
    await limits.getByRole('button', { name: 'Save daily limit' }).click();
    await screen.arrivedAt('/account/limits');
    await expect(page.locator('#limit-error')).toHaveText('Put amount for naira, like 20,000');
    await expect(page.getByRole('link', { name: 'Go back to settings' })).toBeVisible();

    await page.getByLabel('New daily limit (₦)').fill('20,000');
    await page.getByRole('button', { name: 'Save daily limit' }).click();
    await page.waitForURL((url) => url.pathname === '/account/settings' && url.searchParams.get('limits') === 'lowered');
    await expect(page.getByTestId('limits-notice')).toHaveText('Your own daily limit na ₦20,000.00 now. E don start to work.');
    await expect(page.getByTestId('own-daily-limit')).toHaveText('₦20,000.00');

    // Off needs a code sent to the phone (its own "Send me code" form) and the PIN.
    const before = smsTo(e164(customer.phone)).length;
    await limits.getByTestId('instant-send-code').click();
    await page.waitForURL((url) => url.searchParams.get('limits') === 'code_instant_payments');
    await expect(page.getByTestId('instant-notice')).toHaveText('We don send 6-digit code to your phone by SMS and to your email. E go work for 10 minutes. Put am for down here with your transaction PIN.');
    await limits.locator('#instant-code').fill(await waitForSecurityCode(customer.phone, before));
    await limits.locator('#instant-pin').fill(customer.pin);
    await limits.getByRole('button', { name: 'Off instant transfers' }).click();
    await page.waitForURL((url) => url.searchParams.get('limits') === 'instant_off');
    await expect(page.getByTestId('instant-notice')).toHaveText('Instant transfers to other banks don off. Transfers inside this bank still dey work.');
    await expect(page.getByTestId('instant-payments')).toHaveText('Off');
  });
});
