import { BasePage } from './base-page.ts';

export class SecurityQuestionPage extends BasePage {
  static readonly path = '/security/question';

  readonly question = this.page.getByLabel('Security question');
  readonly answer = this.page.getByLabel('Your answer');
  readonly submit = this.page.getByRole('button', { name: 'Finish setting up' });

  async choose(question: string, answer: string): Promise<void> {
    await this.question.selectOption({ label: question });
    await this.answer.fill(answer);
    await this.submit.click();
  }
}
