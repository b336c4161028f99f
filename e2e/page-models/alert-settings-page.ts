import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** The Alerts section of /account/settings: email always on, one switch for SMS. */
export class AlertSettingsPage extends BasePage {
  static readonly path = '/account/settings';

  readonly section: Locator = this.page.locator('section#alerts');
  readonly emailAlerts: Locator = this.section.getByTestId('email-alerts');
  readonly smsAlerts: Locator = this.section.getByTestId('sms-alerts');
  readonly chargeNote: Locator = this.section.getByTestId('sms-charge');
  readonly sectionNotice: Locator = this.section.getByTestId('alerts-notice');

  /** Presses the switch (a plain form post either way) and waits for the redirect to ?alerts=sms_on|sms_off. */
  async switchSms(to: 'on' | 'off'): Promise<void> {
    await this.section.getByRole('button', { name: `Turn ${to} SMS alerts` }).click();
    await this.page.waitForURL((url) => url.pathname === AlertSettingsPage.path && url.searchParams.get('alerts') === `sms_${to}`);
    await this.ready();
  }
}
