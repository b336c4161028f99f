import { BasePage } from './base-page.ts';

export class NotFoundPage extends BasePage {
  static readonly headingText = 'Page not found';
}
