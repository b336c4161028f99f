import { AddressFormPage } from './address-form-page.ts';

/** /address/update: onboarding's address step (the fields and the no-script LGA round trip: AddressFormPage). */
export class AddressPage extends AddressFormPage {
  static readonly path = '/address/update';

  readonly saveButton = this.page.getByRole('button', { name: 'Save my address' });

  async fill(address: { address: string; city: string; state: string; lga: string }): Promise<void> {
    await this.fillAddress(address);
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
