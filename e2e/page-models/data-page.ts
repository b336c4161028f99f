import type { Locator } from '@playwright/test';
import { MobilePurchasePage } from './mobile-purchase-page.ts';

/**
 * /data/purchase. With JavaScript the plans follow the network at once; without it, "Show plans
 * for this network" is a round trip that lists the chosen network's plans. "Continue" posts the
 * details and the review step asks for the PIN, with JavaScript or without.
 */
export class DataPage extends MobilePurchasePage {
  static readonly path = '/data/purchase';

  /** The plans on screen (radios named by plan, size, validity and price). */
  readonly plans = this.page.getByRole('group', { name: /data plan$/ }).getByRole('radio');
  /** A plan by its name ("2GB Monthly"); its size, validity and price describe it. */
  plan(name: string): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }
  readonly showPlansButton = this.page.getByRole('button', { name: 'Show plans for this network' });
  readonly confirmedPlan = this.page.getByTestId('confirm-plan');

  /** Chooses a network; without JavaScript that is a round trip for its plans. */
  async chooseNetwork(name: string): Promise<void> {
    await this.network(name).check();
    if (!this.js) {
      await this.showPlansButton.click();
      await this.ready();
    }
  }
}
