import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

/** /support/cases: the customer's cases with their status and history. */
export class CasesPage extends BasePage {
  static readonly path = '/support/cases';

  readonly opened: Locator = this.page.getByTestId('case-opened');
  readonly cases: Locator = this.page.getByTestId('case');

  caseNumbered(number: string): Locator {
    return this.page.locator(`[data-testid="case"][data-number="${number}"]`);
  }
}

/** /support/cases/new?reference=…: "Report a problem" from a receipt. */
export class ReportProblemPage extends BasePage {
  static readonly path = '/support/cases/new';

  readonly reference: Locator = this.page.getByTestId('case-reference');
  readonly description = this.page.getByLabel('What happened?');
  readonly freezeToo = this.page.getByLabel('Also freeze my account now');
  readonly password = this.page.getByLabel('Your password (to freeze)');
  readonly sendButton = this.page.getByRole('button', { name: 'Send my report' });

  async report(fields: { kind?: string; description: string; freezeWith?: string }): Promise<void> {
    if (fields.kind) await this.page.getByLabel(fields.kind).check();
    await this.description.fill(fields.description);
    if (fields.freezeWith !== undefined) {
      await this.freezeToo.check();
      await this.password.fill(fields.freezeWith);
    }
    await this.sendButton.click();
    await this.ready();
  }
}
