import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class DashboardPage extends BasePage {
  static readonly path = '/dashboard';

  get accountNumber(): Locator {
    return this.page.getByTestId('account-number');
  }
  get balance(): Locator {
    return this.page.getByTestId('balance');
  }
  get monthIn(): Locator {
    return this.page.getByTestId('month-in');
  }
  get monthOut(): Locator {
    return this.page.getByTestId('month-out');
  }
  get chart(): Locator {
    return this.page.getByRole('img', { name: /Money in and out, last 6 months/ });
  }
  get latest(): Locator {
    return this.page.getByTestId('latest-transactions').getByRole('listitem');
  }
  /** The header's "Sign out" (the off-canvas menu has another, hidden until opened). */
  get signOutButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  }

  greetingFor(firstName: string): RegExp {
    return new RegExp(`^Good (morning|afternoon|evening), ${firstName}$`);
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
    await this.arrivedAt('/login');
  }
}
