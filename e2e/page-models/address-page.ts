import type { Locator, Page, Response } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * /address/update. With JavaScript the LGA list follows the state at once; without it,
 * "Show local governments for this state" (inside <noscript>) reloads the page with the list.
 */
export class AddressPage extends BasePage {
  static readonly path = '/address/update';

  constructor(page: Page, js: boolean) {
    super(page, js);
  }

  get street(): Locator {
    return this.page.getByLabel('Street address');
  }
  get city(): Locator {
    return this.page.getByLabel('City or town');
  }
  get state(): Locator {
    return this.page.getByLabel('State', { exact: true });
  }
  get lga(): Locator {
    return this.page.getByLabel('Local government area');
  }
  get showLgasButton(): Locator {
    return this.page.getByRole('button', { name: 'Show local governments for this state' });
  }
  get saveButton(): Locator {
    return this.page.getByRole('button', { name: 'Save my address' });
  }

  async goto(): Promise<Response | null> {
    const response = await this.page.goto(AddressPage.path);
    await this.ready();
    return response;
  }

  /** Picks the state and makes its LGAs available, by whichever path this browser has. */
  async chooseState(state: string): Promise<void> {
    await this.state.selectOption(state);
    if (!this.js) {
      await this.showLgasButton.click();
      await this.ready();
    }
  }

  async fill(address: { address: string; city: string; state: string; lga: string }): Promise<void> {
    await this.street.fill(address.address);
    await this.city.fill(address.city);
    await this.chooseState(address.state);
    await this.lga.selectOption(address.lga);
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
