import { BasePage } from './base-page.ts';

export class ProfileCreatedPage extends BasePage {
  static readonly path = '/profile/created';

  readonly accountNumber = this.page.getByTestId('account-number');
  readonly setPinLink = this.page.getByRole('link', { name: 'Set my transaction PIN' });
}
