import { BasePage } from './base-page.ts';

export type TransferDetails = {
  /** The bank's name as listed; leave out for a transfer inside this bank (?to=local). */
  bank?: string;
  accountNumber: string;
  /** As a customer types it: "12,000" or "2500.50". */
  amount: string;
  narration?: string;
  saveBeneficiary?: boolean;
};

/**
 * /transfer/send. With JavaScript or without, "Continue" posts the details (the island checks
 * them first) and the page answers with its review step (name, bank, amount, fee, total, PIN),
 * whose "Send" posts the transfer.
 */
export class SendMoneyPage extends BasePage {
  static readonly path = '/transfer/send';

  readonly bank = this.page.getByLabel('Bank', { exact: true });
  readonly accountNumber = this.page.getByLabel('Account number');
  readonly amount = this.page.getByLabel('Amount', { exact: true });
  readonly narration = this.page.getByLabel('Description (optional)');
  readonly saveBeneficiary = this.page.getByLabel('Save this recipient as a beneficiary');
  readonly pin = this.page.getByLabel('Transaction PIN');
  readonly continueButton = this.page.getByRole('button', { name: 'Continue' });
  /** "Send ₦12,075.00": the total, charges included. */
  readonly sendButton = this.page.getByRole('button', { name: /^Send ₦/ });
  readonly changeDetailsButton = this.page.getByRole('button', { name: 'Change details' });
  /** The name from the name enquiry on the review step (or a saved beneficiary's, under the account number). */
  readonly recipientName = this.page.getByTestId('recipient-name');
  readonly transferFee = this.page.getByTestId('transfer-fee');
  readonly stampDuty = this.page.getByTestId('stamp-duty');
  readonly amountRow = this.page.getByTestId('amount');
  readonly bankName = this.page.getByTestId('bank-name');
  readonly total = this.page.getByTestId('total');
  /** The review step's idempotency key (a hidden field): the same for every attempt at one transfer. */
  readonly idempotencyKey = this.page.locator('form[action="/transfer/send"] input[name="idempotency_key"]');

  async fillDetails(details: TransferDetails): Promise<void> {
    if (details.bank) await this.bank.selectOption({ label: details.bank });
    await this.accountNumber.fill(details.accountNumber);
    await this.amount.fill(details.amount);
    if (details.narration !== undefined) await this.narration.fill(details.narration);
    if (details.saveBeneficiary) await this.saveBeneficiary.check();
  }

  /** Moves past the details: posts them (the page answers with the review step, or the details again with messages). */
  async proceed(): Promise<void> {
    await this.postWith(this.continueButton);
  }

  /** Opens the screen at `query` ('?to=local', '?to=bank'), fills the details and moves past them. */
  async start(query: string, details: TransferDetails): Promise<void> {
    await this.goto(query);
    await this.fillDetails(details);
    await this.proceed();
  }

  /** Types the PIN and sends. */
  async confirm(pin: string): Promise<void> {
    await this.pin.fill(pin);
    await this.sendButton.click();
  }
}
