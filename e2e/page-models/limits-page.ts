import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';
import { ageCodes } from '../support/bank-db.ts';
import { e164, waitForSecurityCode } from '../support/settings.ts';
import { smsTo } from '../support/outbox.ts';

/**
 * Settings → Limits (section#limits on /account/settings): the limits in force, the own daily
 * limit form and the instant-transfers switch. Every form posts to /account/limits, which goes
 * back to the settings page when a change is made and shows the section with its messages when not.
 * A raise and the switch (either way) need a security code: each has its own "Send me a code"
 * form before it, then the code and the PIN.
 */
export class LimitsPage extends BasePage {
  static readonly path = '/account/settings';

  readonly section = this.page.locator('section#limits');
  readonly ownLimit = this.section.getByTestId('own-daily-limit');
  readonly instantPayments = this.section.getByTestId('instant-payments');
  readonly pendingRaise = this.section.getByTestId('pending-raise');
  readonly newBrowserCap = this.section.getByTestId('new-browser-cap');
  readonly limitNotice = this.section.getByTestId('limits-notice');
  readonly instantNotice = this.section.getByTestId('instant-notice');
  readonly sectionAlert = this.section.getByRole('alert');
  readonly limit = this.section.getByLabel('New daily limit (₦)');
  readonly limitCode = this.section.locator('#limit-code');
  readonly limitPin = this.section.getByLabel('Transaction PIN (only to raise it)');
  readonly instantCode = this.section.locator('#instant-code');
  readonly instantPin = this.section.locator('#instant-pin');

  fieldErrorIn(id: string): Locator {
    return this.section.locator(`#${id}-error`);
  }

  /**
   * "Send me a code" for a raise (`daily`) or the switch (`instant`); returns the code texted to
   * `customer.phone`. Earlier codes are first moved two minutes back so the once-a-minute resend
   * limit does not refuse a second change in one test.
   */
  async sendCode(which: 'daily' | 'instant', customer: { email: string; phone: string }): Promise<string> {
    ageCodes(customer.email);
    const before = smsTo(e164(customer.phone)).length;
    await this.section.getByTestId(`${which}-send-code`).click();
    await this.page.waitForLoadState('domcontentloaded');
    await expect(which === 'daily' ? this.limitNotice : this.instantNotice).toContainText('We have sent a 6-digit code to your phone by SMS and to your email.');
    return waitForSecurityCode(customer.phone, before);
  }

  /** Types a new daily limit in naira (and the code and PIN for a raise) and saves. */
  async setDailyLimit(naira: string, proof?: { code: string; pin: string }): Promise<void> {
    await this.limit.fill(naira);
    if (proof) {
      await this.limitCode.fill(proof.code);
      await this.limitPin.fill(proof.pin);
    }
    await this.section.getByRole('button', { name: 'Save daily limit' }).click();
    await this.page.waitForLoadState('domcontentloaded');
  }

  private async switchInstant(button: string, code: string, pin: string): Promise<void> {
    await this.instantCode.fill(code);
    await this.instantPin.fill(pin);
    await this.section.getByRole('button', { name: button }).click();
    await this.page.waitForLoadState('domcontentloaded');
  }

  /** With a code from `sendCode('instant', …)` and the PIN; waits for the notice that they are off. */
  async turnOffInstantPayments(code: string, pin: string): Promise<void> {
    await this.switchInstant('Turn off instant transfers', code, pin);
    await expect(this.instantNotice).toHaveText('Instant transfers to other banks are off. Transfers within the bank still work.');
  }

  async turnOnInstantPayments(code: string, pin: string): Promise<void> {
    await this.switchInstant('Turn on instant transfers', code, pin);
  }
}
