import { expect, model, test as base } from './support/fixtures.ts';
import { gtBank, newCustomer, onboardThroughApi, type OnboardedCustomer } from './support/customers.ts';
import { naira, signedInCustomer } from './support/funded.ts';
import { passLimitRaiseDelay } from './support/bank-db.ts';
import { secretsOf } from './support/settings.ts';
import { LimitsPage } from './page-models/limits-page.ts';
import { SendMoneyPage } from './page-models/send-money-page.ts';
import { ReceiptPage } from './page-models/receipt-page.ts';
import { nubanFor } from '../src/lib/nuban.ts';

/**
 * Settings → Limits, with JavaScript on and off (plain form posts either way): the
 * customer's own daily limit and the switch for instant transfers to other banks. This server
 * runs with the new-browser cap off (playwright.config.ts); e2e/new-browser-cap.spec.ts runs its
 * own server with it on.
 */
const test = base.extend<{ limits: LimitsPage; send: SendMoneyPage; receipt: ReceiptPage; recipient: OnboardedCustomer }>({
  limits: model(LimitsPage),
  send: model(SendMoneyPage),
  receipt: model(ReceiptPage),
  /** Another customer of this bank, to send to (opened in a request context of its own). */
  recipient: async ({ playwright, baseURL }, use) => {
    const other = await playwright.request.newContext({ baseURL });
    await use(await onboardThroughApi(other, newCustomer()));
    await other.dispose();
  },
});

test.describe('own daily limit', () => {
  test('lowered, it refuses a transfer at once; a raise needs a code sent to the phone and the PIN, and applies only after 24 hours', async ({ page, limits, send, receipt, recipient }) => {
    const me = await signedInCustomer(page, naira(50_000));
    const sendSix = async () => {
      await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '6,000' });
      await send.confirm(me.pin);
    };

    await limits.goto();
    await expect(limits.ownLimit).toHaveText('None set: the tier’s limit applies');
    await limits.setDailyLimit('5,000');
    await expect(limits.limitNotice).toHaveText('Your own daily limit is now ₦5,000.00. It applies at once.');
    await expect(limits.ownLimit).toHaveText('₦5,000.00');

    await sendSix();
    await expect(page.getByText(/over your own daily limit of ₦5,000\.00/).first()).toBeVisible();

    await test.step('a raise without the code and PIN, or with a wrong code, changes nothing and spends no PIN try', async () => {
      await limits.goto();
      await limits.setDailyLimit('20,000');
      await expect(limits.sectionAlert).toHaveText('Please correct the highlighted fields.');
      await expect(limits.fieldErrorIn('limit-code')).toHaveText('Enter the 6-digit code we sent you');
      await expect(limits.fieldErrorIn('limit-pin')).toHaveText('Enter your 4-digit PIN');
      const code = await limits.sendCode('daily', me);
      await limits.setDailyLimit('20,000', { code: code === '000000' ? '111111' : '000000', pin: me.pin });
      await expect(limits.fieldErrorIn('limit-code')).toHaveText('That code is not right. You have 2 tries left.');
      expect(secretsOf(me.email).pin_failed_attempts).toBe(0);
      await expect(limits.ownLimit).toHaveText('₦5,000.00');
      await expect(limits.pendingRaise).toHaveCount(0);
    });

    await test.step('with the code sent and the PIN, it waits 24 hours', async () => {
      await limits.goto();
      const code = await limits.sendCode('daily', me);
      await limits.setDailyLimit('20,000', { code, pin: me.pin });
      await expect(limits.limitNotice).toContainText('Your own daily limit will rise to ₦20,000.00 on');
      await expect(limits.pendingRaise).toContainText('rises to ₦20,000.00');
      await expect(limits.ownLimit).toHaveText('₦5,000.00');
      await sendSix();
      await expect(page.getByText(/over your own daily limit of ₦5,000\.00/).first()).toBeVisible();
    });

    await test.step('24 hours later (moved in the database) the raise is in force', async () => {
      expect(passLimitRaiseDelay(me.email)).toBe(1);
      await limits.goto();
      await expect(limits.ownLimit).toHaveText('₦20,000.00');
      await expect(limits.pendingRaise).toHaveCount(0);
      await sendSix();
      await receipt.arrivedAt(ReceiptPage.path);
    });
  });
});

test.describe('instant transfers switch', () => {
  test('off, a transfer to another bank is refused saying how to turn them on; one inside the bank still goes; off and back on with a code and the PIN', async ({ page, limits, send, receipt, recipient }) => {
    const me = await signedInCustomer(page, naira(20_000));
    await limits.goto();
    await expect(limits.instantPayments).toHaveText('On');
    await limits.turnOffInstantPayments(await limits.sendCode('instant', me), me.pin);
    await expect(limits.instantPayments).toHaveText('Off');

    const otherBank = nubanFor('123456789', gtBank);
    await send.start('?to=bank', { bank: gtBank.name, accountNumber: otherBank, amount: '1,000' });
    await send.confirm(me.pin);
    await expect(page.getByText(/You have turned off instant transfers to other banks\. To send this, turn them on in Settings/).first()).toBeVisible();

    await send.start('?to=local', { accountNumber: recipient.accountNumber, amount: '1,000' });
    await send.confirm(me.pin);
    await receipt.arrivedAt(ReceiptPage.path);

    await limits.goto();
    const code = await limits.sendCode('instant', me);
    await limits.turnOnInstantPayments(code, '9090');
    await expect(limits.fieldErrorIn('instant-pin')).toContainText('Wrong PIN');
    await expect(limits.instantPayments).toHaveText('Off');
    await limits.turnOnInstantPayments(code, me.pin);
    await expect(limits.instantNotice).toHaveText('Instant transfers to other banks are on again.');
    await expect(limits.instantPayments).toHaveText('On');

    await send.start('?to=bank', { bank: gtBank.name, accountNumber: otherBank, amount: '1,000' });
    await send.confirm(me.pin);
    await receipt.arrivedAt(ReceiptPage.path);
  });
});
