import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * /beneficairies (spelt as the seed spells it): the saved list, the add form (the account name
 * comes from a name enquiry) and the question before a delete, asked in the layout's modal with
 * JavaScript and on the page (?confirm=<id>) without.
 */
export class BeneficiariesPage extends BasePage {
  static readonly path = '/beneficairies';

  readonly bank = this.page.getByLabel('Bank', { exact: true });
  readonly accountNumber = this.page.getByLabel('Account number');
  readonly nickname = this.page.getByLabel('Nickname (optional)');
  /** Only without JavaScript: the round trip that looks the name up before adding. */
  readonly checkNameButton = this.page.getByRole('button', { name: 'Check the account name' });
  readonly enquiredName = this.page.getByTestId('enquired-name');
  readonly addButton = this.page.getByRole('button', { name: 'Add beneficiary' });
  readonly rows = this.page.getByTestId('beneficiary');
  readonly emptyState = this.page.getByTestId('no-beneficiaries');
  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }
  sendMoneyLink(name: string): Locator {
    return this.row(name).getByRole('link', { name: `Send money to ${name}` });
  }
  deleteLink(name: string): Locator {
    return this.row(name).getByRole('link', { name: `Delete ${name}` });
  }

  /** The question before deleting: the modal with JavaScript, a section of the page without. */
  readonly confirmation = this.js ? this.page.getByRole('dialog') : this.page.getByRole('region', { name: /^Delete / });
  readonly confirmDeleteButton = this.confirmation.getByRole('button', { name: 'Yes, delete' });
  readonly cancelDelete = this.js ? this.confirmation.getByRole('button', { name: 'Close' }) : this.confirmation.getByRole('link', { name: 'Cancel' });

  async fill(beneficiary: { bankName: string; accountNumber: string; nickname?: string }): Promise<void> {
    await this.bank.selectOption({ label: beneficiary.bankName });
    await this.accountNumber.fill(beneficiary.accountNumber);
    if (beneficiary.nickname !== undefined) await this.nickname.fill(beneficiary.nickname);
  }

  /** Shows the name the bank holds for the number typed: at once with JavaScript, by a round trip without. */
  async lookUpName(): Promise<void> {
    if (!this.js) {
      await this.checkNameButton.click();
      await this.ready();
    }
    await this.enquiredName.waitFor();
  }

  async add(): Promise<void> {
    await this.addButton.click();
  }

  /**
   * Adds and returns the HTTP status of the answer: the API's (island) or the page's own (no
   * JavaScript, where success is the 303 to the list).
   */
  async addForStatus(): Promise<number> {
    const answer = this.js
      ? this.page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/v1/beneficiaries/create/') && response.request().method() === 'POST')
      : this.page.waitForResponse((response) => new URL(response.url()).pathname === BeneficiariesPage.path && response.request().method() === 'POST');
    await this.addButton.click();
    return (await answer).status();
  }

  /** Opens the question for this beneficiary (the modal, or the ?confirm page). */
  async askToDelete(name: string): Promise<void> {
    await this.deleteLink(name).click();
    if (!this.js) await this.ready();
    await this.confirmation.waitFor();
  }
}
