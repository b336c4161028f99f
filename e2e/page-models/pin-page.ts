import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class PinPage extends BasePage {
  static readonly path = '/pin/set';

  get pin(): Locator {
    return this.page.getByLabel('Transaction PIN');
  }
  get confirmation(): Locator {
    return this.page.getByLabel('Confirm PIN');
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: 'Set my PIN' });
  }

  async setPin(pin: string, confirmation = pin): Promise<void> {
    await this.pin.fill(pin);
    await this.confirmation.fill(confirmation);
    await this.submit.click();
  }
}
