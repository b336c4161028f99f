/**
 * The little markup of the legal texts in the catalogue (src/i18n/messages/legal): `**strong**`
 * words, `[links](/path)` and `{placeholders}`, read into pieces a page renders as text, <strong>
 * and <a> (never as HTML, so a bank name or a translation cannot add markup of its own).
 */
import type { MessageKey } from '../i18n/messages/en.ts';

export type LegalPiece = { text: string; strong?: true; href?: string };
export type LegalParams = Record<string, string | LegalPiece>;

const token = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|\{(\w+)\}/g;

export function legalPieces(template: string, params: LegalParams = {}): LegalPiece[] {
  const pieces: LegalPiece[] = [];
  let last = 0;
  for (const match of template.matchAll(token)) {
    if (match.index > last) pieces.push({ text: template.slice(last, match.index) });
    const [whole, strong, linkText, href, name] = match;
    if (strong !== undefined) pieces.push({ text: strong, strong: true });
    else if (linkText !== undefined && href !== undefined) pieces.push({ text: linkText, href });
    else if (name !== undefined && name in params) {
      const value = params[name]!;
      pieces.push(typeof value === 'string' ? { text: value } : value);
    } else pieces.push({ text: whole });
    last = match.index + whole.length;
  }
  if (last < template.length) pieces.push({ text: template.slice(last) });
  return pieces;
}

/** The text alone, as a reader sees it. */
export const legalText = (pieces: readonly LegalPiece[]): string => pieces.map((piece) => piece.text).join('');

/** A legal text's headings (with their anchors), paragraphs and lists, as catalogue keys in order. */
export type LegalBlock = { h: MessageKey; id: string } | { p: MessageKey } | { ul: readonly MessageKey[] };
