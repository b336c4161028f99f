import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * The Alerts section of /account/settings: email always on, one switch for SMS (on by default).
 * Turning SMS off shows the indemnity and its required checkbox.
 */
export class AlertSettingsPage extends BasePage {
  static readonly path = '/account/settings';

  readonly section: Locator = this.page.locator('section#alerts');
  readonly emailAlerts: Locator = this.section.getByTestId('email-alerts');
  readonly smsAlerts: Locator = this.section.getByTestId('sms-alerts');
  readonly smsOffSince: Locator = this.section.getByTestId('sms-off-since');
  readonly chargeNote: Locator = this.section.getByTestId('sms-charge');
  readonly sectionNotice: Locator = this.section.getByTestId('alerts-notice');
  readonly indemnity: Locator = this.section.getByTestId('sms-indemnity');
  readonly acceptIndemnity: Locator = this.section.getByRole('checkbox', { name: 'I accept this indemnity and want SMS alerts turned off' });
  readonly indemnityError: Locator = this.section.locator('#accept_indemnity-error');
  readonly formError: Locator = this.section.getByRole('alert');

  /**
   * Presses the switch (a plain form post either way) and waits for the redirect to
   * ?alerts=sms_on|sms_off. Turning off ticks the indemnity's box first.
   */
  async switchSms(to: 'on' | 'off'): Promise<void> {
    if (to === 'off') await this.acceptIndemnity.check();
    await this.section.getByRole('button', { name: `Turn ${to} SMS alerts` }).click();
    await this.page.waitForURL((url) => url.pathname === AlertSettingsPage.path && url.searchParams.get('alerts') === `sms_${to}`);
    await this.ready();
  }

  /**
   * Posts "off" without the box ticked, as a browser that ignores `required` would (the
   * attribute is taken away first): the server answers the page again with the field's error.
   */
  async switchOffWithoutIndemnity(): Promise<void> {
    await this.acceptIndemnity.evaluate((box) => box.removeAttribute('required'));
    await this.section.getByRole('button', { name: 'Turn off SMS alerts' }).click();
    await this.page.waitForLoadState('domcontentloaded');
    await this.ready();
  }
}
