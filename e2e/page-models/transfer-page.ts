import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** /transfer: the account and its balance, saved beneficiaries, and the two ways to a new recipient. */
export class TransferPage extends BasePage {
  static readonly path = '/transfer';

  get balance(): Locator {
    return this.page.getByTestId('balance');
  }
  get accountNumber(): Locator {
    return this.page.getByTestId('account-number');
  }
  /** "To a <this bank> account". */
  get toThisBankLink(): Locator {
    return this.page.getByRole('link', { name: /^To a .+ account$/ });
  }
  get toAnotherBankLink(): Locator {
    return this.page.getByRole('link', { name: 'To another bank' });
  }
  get beneficiaries(): Locator {
    return this.page.getByTestId('beneficiaries').getByRole('link');
  }
  beneficiary(name: string): Locator {
    return this.beneficiaries.filter({ hasText: name });
  }
}
