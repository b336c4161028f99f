import { BasePage } from './base-page.ts';

export class NewPasswordPage extends BasePage {
  static readonly path = '/password/reset';

  readonly password = this.page.getByLabel('New password', { exact: true });
  readonly confirmation = this.page.getByLabel('Confirm new password');
  readonly save = this.page.getByRole('button', { name: 'Save my new password' });

  async choose(password: string, confirmation = password): Promise<void> {
    await this.password.fill(password);
    await this.confirmation.fill(confirmation);
    await this.save.click();
  }
}
