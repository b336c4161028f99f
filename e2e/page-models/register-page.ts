import type { NewCustomer } from '../support/customers.ts';
import { BasePage } from './base-page.ts';

/** /register: step 1 (about you) → "Continue" → step 2 (password, terms) → "Open my account". */
export class RegisterPage extends BasePage {
  static readonly path = '/register';

  readonly firstName = this.page.getByLabel('First name');
  readonly lastName = this.page.getByLabel('Last name');
  readonly email = this.page.getByLabel('Email address');
  readonly phone = this.page.getByLabel('Phone number');
  readonly password = this.page.getByLabel('Password', { exact: true });
  readonly passwordConfirmation = this.page.getByLabel('Confirm password');
  readonly terms = this.page.getByLabel(/I accept the terms/);
  readonly continueButton = this.page.getByRole('button', { name: 'Continue' });
  readonly openAccountButton = this.page.getByRole('button', { name: 'Open my account' });
  readonly stepIndicator = this.page.getByText(/^Step [12] of 2/);

  async fillDetails(customer: Pick<NewCustomer, 'firstName' | 'lastName' | 'email' | 'phone'>): Promise<void> {
    await this.firstName.fill(customer.firstName);
    await this.lastName.fill(customer.lastName);
    await this.email.fill(customer.email);
    await this.phone.fill(customer.phone);
  }

  /** Step 1 → step 2 (in place with JavaScript, a round trip without). */
  async continue(): Promise<void> {
    await this.continueButton.click();
    await this.ready();
  }

  async fillSecurity(password: string, confirmation = password, acceptTerms = true): Promise<void> {
    await this.password.fill(password);
    await this.passwordConfirmation.fill(confirmation);
    if (acceptTerms) await this.terms.check();
  }

  /** The whole form; ends on /account/verify. */
  async register(customer: NewCustomer): Promise<void> {
    await this.fillDetails(customer);
    await this.continue();
    await this.openAccountButton.waitFor();
    await this.fillSecurity(customer.password);
    await this.openAccountButton.click();
    await this.arrivedAt('/account/verify');
  }
}
