import type { Page } from '@playwright/test';
import { BasePage } from './base-page.ts';

/**
 * The language picker on the sign-in, registration and settings screens: a select
 * and a button, posted to /language, which comes back to the same screen.
 */
export class LanguagePicker extends BasePage {
  constructor(page: Page, js: boolean) {
    super(page, js);
  }

  get form() {
    return this.page.getByTestId('language-picker');
  }

  /** Chooses a language by its own name ("Hausa", "Yorùbá", "Naijá (Pidgin)") and waits for the screen to come back in it. */
  async choose(name: string): Promise<void> {
    const path = new URL(this.page.url()).pathname;
    await this.form.locator('select').selectOption({ label: name });
    await this.form.getByRole('button').click();
    await this.arrivedAt(path);
  }

  /** The language of the page, as <html lang> says it. */
  htmlLang(): Promise<string | null> {
    return this.page.locator('html').getAttribute('lang');
  }
}
