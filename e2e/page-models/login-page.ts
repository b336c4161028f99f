import { BasePage } from './base-page.ts';

export class LoginPage extends BasePage {
  static readonly path = '/login';

  readonly email = this.page.getByLabel('Email address');
  readonly password = this.page.getByLabel('Password');
  readonly submit = this.page.getByRole('button', { name: 'Sign in' });

  async fill(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
  }

  /**
   * Submits and returns the HTTP status of the answer: the page's own (no JavaScript) or the
   * API's (island). Use it for attempts expected to fail; on success the browser navigates.
   */
  async submitForStatus(): Promise<number> {
    const answer = this.js
      ? this.page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/login') && response.request().method() === 'POST')
      : this.page.waitForResponse((response) => new URL(response.url()).pathname === '/login' && response.request().method() === 'POST');
    await this.submit.click();
    return (await answer).status();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.fill(email, password);
    await this.submit.click();
  }
}
