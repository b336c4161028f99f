import type { Locator, Page, Response } from '@playwright/test';
import { AddressFormPage } from './address-form-page.ts';

/** /address/update: onboarding's address step (the fields and the no-script LGA round trip: AddressFormPage). */
export class AddressPage extends AddressFormPage {
  static readonly path = '/address/update';

  constructor(page: Page, js: boolean) {
    super(page, js);
  }

  get saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Save my address' });
  }

  async goto(): Promise<Response | null> {
    const response = await this.page.goto(AddressPage.path);
    await this.ready();
    return response;
  }

  async fill(address: { address: string; city: string; state: string; lga: string }): Promise<void> {
    await this.fillAddress(address);
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
