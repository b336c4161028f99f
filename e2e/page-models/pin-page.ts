import { BasePage } from './base-page.ts';

export class PinPage extends BasePage {
  static readonly path = '/pin/set';

  readonly pin = this.page.getByLabel('Transaction PIN');
  readonly confirmation = this.page.getByLabel('Confirm PIN');
  readonly submit = this.page.getByRole('button', { name: 'Set my PIN' });

  async setPin(pin: string, confirmation = pin): Promise<void> {
    await this.pin.fill(pin);
    await this.confirmation.fill(confirmation);
    await this.submit.click();
  }
}
