import { BasePage } from './base-page.ts';

export class DashboardPage extends BasePage {
  static readonly path = '/dashboard';

  readonly accountNumber = this.page.getByTestId('account-number');
  readonly balance = this.page.getByTestId('balance');
  readonly monthIn = this.page.getByTestId('month-in');
  readonly monthOut = this.page.getByTestId('month-out');
  readonly chart = this.page.getByRole('img', { name: /Money in and out, last 6 months/ });
  /** The chart's table (visually hidden): one row per month, with its money in and out. */
  readonly chartMonths = this.page.getByRole('table', { name: /by month$/ }).locator('tbody tr');
  readonly latest = this.page.getByTestId('latest-transactions').getByRole('listitem');
  /** The header's account menu (a <details>: opens without JavaScript) and the "Sign out" inside it (the off-canvas menu has another). */
  readonly accountMenu = this.page.getByRole('banner').locator('details.account-menu');
  readonly signOutButton = this.accountMenu.getByRole('button', { name: 'Sign out' });
  readonly balanceToggle = this.page.getByTestId('balance-toggle');
  readonly gettingStarted = this.page.getByTestId('getting-started');
  readonly shareDetailsLink = this.page.getByRole('link', { name: 'Share account details' }).first();
  readonly accountDetails = this.page.getByTestId('account-details');

  greetingFor(firstName: string): RegExp {
    return new RegExp(`^Good (morning|afternoon|evening), ${firstName}$`);
  }

  async openAccountMenu(): Promise<void> {
    if (!(await this.accountMenu.evaluate((details) => (details as HTMLDetailsElement).open))) await this.accountMenu.locator('summary').click();
    await this.signOutButton.waitFor();
  }

  async signOut(): Promise<void> {
    await this.openAccountMenu();
    await this.signOutButton.click();
    await this.arrivedAt('/login');
  }
}
