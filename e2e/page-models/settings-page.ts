import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

type Intent = 'password' | 'security_question' | 'pin' | 'pin_reset';
const sections: Record<Intent, string> = { password: 'password', security_question: 'security-question', pin: 'pin', pin_reset: 'pin-reset' };

/** /account/settings: the customer's details and four forms, each in its own section. */
export class SettingsPage extends BasePage {
  static readonly path = '/account/settings';

  section(intent: Intent): Locator {
    return this.page.locator(`section#${sections[intent]}`);
  }
  detail(testId: string): Locator {
    return this.page.locator('#details').getByTestId(testId);
  }
  readonly pinLockedAlert = this.page.getByTestId('pin-locked');
  readonly currentQuestion = this.page.getByTestId('current-question');
  /** A section's success notice. */
  noticeIn(intent: Intent): Locator {
    return this.section(intent).locator('.alert-info');
  }
  /** A section's summary message. */
  alertIn(intent: Intent): Locator {
    return this.section(intent).getByRole('alert');
  }
  /** The message beside a field of one form (field ids are prefixed with the section's id). */
  errorIn(intent: Intent, field: string): Locator {
    return this.page.locator(`#${sections[intent]}-${field}-error`);
  }

  private async submit(intent: Intent, button: string): Promise<void> {
    await this.section(intent).getByRole('button', { name: button }).click();
  }

  /** Waits for the redirect (or the island's navigation) to ?done=<intent>. */
  async saved(intent: Intent): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === SettingsPage.path && url.searchParams.get('done') === intent);
    await this.ready();
    await expect(this.noticeIn(intent)).toBeVisible();
  }

  async changePassword(current: string, password: string, confirmation = password): Promise<void> {
    const form = this.section('password');
    await form.getByLabel('Current password').fill(current);
    await form.getByLabel('New password', { exact: true }).fill(password);
    await form.getByLabel('Confirm new password').fill(confirmation);
    await this.submit('password', 'Change my password');
  }

  async changeSecurityQuestion(password: string, question: string, answer: string): Promise<void> {
    const form = this.section('security_question');
    await form.getByLabel('Your password').fill(password);
    await form.getByLabel('New security question').selectOption({ label: question });
    await form.getByLabel('Your answer').fill(answer);
    await this.submit('security_question', 'Change my security question');
  }

  async changePin(current: string, pin: string, confirmation = pin): Promise<void> {
    const form = this.section('pin');
    await form.getByLabel('Current PIN').fill(current);
    await form.getByLabel('New PIN', { exact: true }).fill(pin);
    await form.getByLabel('Confirm new PIN').fill(confirmation);
    await this.submit('pin', 'Change my PIN');
  }

  /** The answer's label is the customer's own question. */
  async resetPin(password: string, question: string, answer: string, pin: string, confirmation = pin): Promise<void> {
    const form = this.section('pin_reset');
    await form.getByLabel('Your password').fill(password);
    await form.getByLabel(question).fill(answer);
    await form.getByLabel('New PIN', { exact: true }).fill(pin);
    await form.getByLabel('Confirm new PIN').fill(confirmation);
    await this.submit('pin_reset', 'Set my new PIN');
  }
}
