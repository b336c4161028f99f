import type { Locator } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class SecurityQuestionPage extends BasePage {
  static readonly path = '/security/question';

  get question(): Locator {
    return this.page.getByLabel('Security question');
  }
  get answer(): Locator {
    return this.page.getByLabel('Your answer');
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: 'Finish setting up' });
  }

  async choose(question: string, answer: string): Promise<void> {
    await this.question.selectOption({ label: question });
    await this.answer.fill(answer);
    await this.submit.click();
  }
}
