import { BasePage } from './base-page.ts';

export class DashboardPage extends BasePage {
  static readonly path = '/dashboard';

  readonly accountNumber = this.page.getByTestId('account-number');
  readonly balance = this.page.getByTestId('balance');
  readonly monthIn = this.page.getByTestId('month-in');
  readonly monthOut = this.page.getByTestId('month-out');
  readonly chart = this.page.getByRole('img', { name: /Money in and out, last 6 months/ });
  readonly latest = this.page.getByTestId('latest-transactions').getByRole('listitem');
  /** The header's "Sign out" (the off-canvas menu has another, hidden until opened). */
  readonly signOutButton = this.page.getByRole('banner').getByRole('button', { name: 'Sign out' });

  greetingFor(firstName: string): RegExp {
    return new RegExp(`^Good (morning|afternoon|evening), ${firstName}$`);
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
    await this.arrivedAt('/login');
  }
}
