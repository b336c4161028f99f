import type { Page } from '@playwright/test';
import { BasePage } from './base-page.ts';

export class NotFoundPage extends BasePage {
  static readonly headingText = 'Page not found';

  constructor(page: Page, js: boolean) {
    super(page, js);
  }
}
