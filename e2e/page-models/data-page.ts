import type { Locator, Page, Response } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * /data/purchase. With JavaScript the plans follow the network at once, and the summary and the
 * PIN appear once a plan and a valid number are chosen. Without it, "Show plans for this
 * network" is a round trip that lists the chosen network's plans, "Continue" posts the details,
 * and the confirm step asks for the PIN.
 */
export class DataPage extends BasePage {
  static readonly path = '/data/purchase';

  constructor(page: Page, js: boolean) {
    super(page, js);
  }

  network(name: string): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }
  /** The plans on screen (radios named by plan, size, validity and price). */
  get plans(): Locator {
    return this.page.getByRole('group', { name: /data plan$/ }).getByRole('radio');
  }
  /** A plan by its name ("2GB Monthly"); its size, validity and price describe it. */
  plan(name: string): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }
  get showPlansButton(): Locator {
    return this.page.getByRole('button', { name: 'Show plans for this network' });
  }
  get phone(): Locator {
    return this.page.getByLabel('Phone number');
  }
  get pin(): Locator {
    return this.page.getByLabel('Transaction PIN');
  }
  get continueButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue', exact: true });
  }
  get payButton(): Locator {
    return this.page.getByRole('button', { name: /^Pay ₦/ });
  }
  get total(): Locator {
    return this.page.getByTestId('total');
  }
  get confirmedPlan(): Locator {
    return this.page.getByTestId('confirm-plan');
  }

  async goto(query = ''): Promise<Response | null> {
    const response = await this.page.goto(`${DataPage.path}${query}`);
    await this.ready();
    return response;
  }

  /** Chooses a network; without JavaScript that is a round trip for its plans. */
  async chooseNetwork(name: string): Promise<void> {
    await this.network(name).check();
    if (!this.js) {
      await this.showPlansButton.click();
      await this.ready();
    }
  }

  /** Moves past the details: without JavaScript, posts them; with it, the PIN is already on screen. */
  async proceed(): Promise<void> {
    if (this.js) return;
    await this.continueButton.click();
    await this.page.waitForLoadState('domcontentloaded');
  }

  async confirm(pin: string): Promise<void> {
    await this.pin.fill(pin);
    await this.payButton.click();
  }
}
