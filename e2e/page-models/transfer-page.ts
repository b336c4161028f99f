import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** /transfer: the account and its balance, saved beneficiaries, and the two ways to a new recipient. */
export class TransferPage extends BasePage {
  static readonly path = '/transfer';

  readonly balance = this.page.getByTestId('balance');
  readonly accountNumber = this.page.getByTestId('account-number');
  /** "To a <this bank> account". */
  readonly toThisBankLink = this.page.getByRole('link', { name: /^To a .+ account$/ });
  readonly toAnotherBankLink = this.page.getByRole('link', { name: 'To another bank' });
  readonly beneficiaries = this.page.getByTestId('beneficiaries').getByRole('link');
  beneficiary(name: string): Locator {
    return this.beneficiaries.filter({ hasText: name });
  }
}
