import type { Locale } from '../../i18n/locales.ts';
import { sayParams, t } from '../../i18n/translate.ts';
import type { SaidParams } from '../../i18n/said.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';

/** Mail bodies. Plain text first; the HTML is the same words in a simple, escaped layout. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function layout(bankName: string, paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const code = highlight
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(highlight)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:sans-serif;color:#111"><h1 style="font-size:18px">${escapeHtml(bankName)}</h1>${body}${code}</body></html>`;
}

/**
 * The words of one email in the customer's language (English unless said). Values may be typed
 * (said.ts: an amount as kobo, a moment as an instant), written here as that language writes them.
 */
export function sayerFor(language: Locale | undefined) {
  const locale = language ?? 'en';
  return (key: MessageKey, params?: SaidParams) => t(locale, key, sayParams(locale, params));
}
