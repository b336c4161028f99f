import { BasePage } from './base-page.ts';

export type AddressFields = { address: string; city: string; state?: string; lga?: string };

/**
 * A screen with the home-address fields (onboarding's /address/update, the KYC address step).
 * With JavaScript the LGA list follows the state at once; without it, "Show local governments
 * for this state" (inside <noscript>) reloads the page with the list.
 */
export class AddressFormPage extends BasePage {
  readonly street = this.page.getByLabel('Street address');
  readonly city = this.page.getByLabel('City or town');
  readonly state = this.page.getByLabel('State', { exact: true });
  readonly lga = this.page.getByLabel('Local government area');
  readonly showLgasButton = this.page.getByRole('button', { name: 'Show local governments for this state' });

  /** Picks the state and makes its LGAs available, by whichever path this browser has. */
  async chooseState(state: string): Promise<void> {
    await this.state.selectOption(state);
    if (!this.js) {
      await this.showLgasButton.click();
      await this.ready();
    }
  }

  /** Fills the street and city, and the state and LGA when given (else the prefilled ones stay). */
  async fillAddress(address: AddressFields): Promise<void> {
    await this.street.fill(address.address);
    await this.city.fill(address.city);
    if (address.state) await this.chooseState(address.state);
    if (address.lga) await this.lga.selectOption(address.lga);
  }
}
