/**
 * A minimal PDF 1.4 writer for the bank's documents (statements, receipts): text in the two
 * standard Type1 fonts Helvetica and Helvetica-Bold (not embedded, WinAnsiEncoding), horizontal
 * rules and filled grey rectangles on A4 portrait pages. No compression, no images, no
 * dependencies; the output is plain ASCII, so the byte offsets in the xref table are simply
 * string lengths.
 *
 * Coordinates are PDF points measured from the TOP-LEFT corner of the page, y growing downwards
 * (the natural direction for laying out a document); for text, y is the baseline. The writer
 * flips them into PDF's bottom-left user space.
 */
import { kobo } from '../../../lib/money.ts';

export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;

export type PdfFont = 'regular' | 'bold';

export type PdfTextOp = {
  op: 'text';
  x: number;
  /** Baseline, from the top of the page. */
  y: number;
  text: string;
  size: number;
  font?: PdfFont;
  /** Where x is: the start (default), the end or the middle of the text. */
  align?: 'left' | 'right' | 'center';
  /** 0 = black (default) … 1 = white. */
  grey?: number;
};

export type PdfLineOp = {
  op: 'line';
  x1: number;
  x2: number;
  y: number;
  /** Stroke width in points, default 0.5. */
  width?: number;
  grey?: number;
};

export type PdfRectOp = {
  op: 'rect';
  /** Top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Fill grey level, default 0.93 (a light band). */
  grey?: number;
};

export type PdfOp = PdfTextOp | PdfLineOp | PdfRectOp;
export type PdfPage = PdfOp[];

export type PdfInfo = {
  title?: string;
  author?: string;
  subject?: string;
  creator?: string;
  /** ISO 8601 with an offset (or Z); ignored when it does not parse. */
  creationDate?: string;
};

// ---------------------------------------------------------------------------------------------
// Money

/** Kobo → `NGN 1,234.56` (`-NGN 25.50` when negative): the naira sign is not in WinAnsi. */
export function formatNgn(amount: number): string {
  const value = kobo(amount);
  return (value < 0 ? '-' : '') + 'NGN ' + groupedNaira(Math.abs(value));
}

/** Kobo → `1,234.56` / `-1,234.56`, for table columns whose header names the currency. */
export function formatAmount(amount: number): string {
  const value = kobo(amount);
  return (value < 0 ? '-' : '') + groupedNaira(Math.abs(value));
}

function groupedNaira(absoluteKobo: number): string {
  const whole = String(Math.trunc(absoluteKobo / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole + '.' + String(absoluteKobo % 100).padStart(2, '0');
}

// ---------------------------------------------------------------------------------------------
// WinAnsi

/** The code points WinAnsiEncoding puts in 0x80–0x9F (the rest of 0xA0–0xFF is Latin-1). */
const winAnsiHigh: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86],
  [0x2021, 0x87], [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c],
  [0x017d, 0x8e], [0x2018, 0x91], [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95],
  [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98], [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b],
  [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);

function winAnsiByte(codePoint: number): number | undefined {
  if (codePoint >= 0x20 && codePoint <= 0x7e) return codePoint;
  if (codePoint >= 0xa0 && codePoint <= 0xff) return codePoint;
  return winAnsiHigh.get(codePoint);
}

function encodable(text: string): boolean {
  for (const character of text) if (winAnsiByte(character.codePointAt(0)!) === undefined) return false;
  return true;
}

/**
 * The text as it will be printed, every character in WinAnsi: tabs and line breaks become
 * spaces; invisible format characters (zero-width joiners, BOM, bidi marks, soft hyphen) are
 * dropped; a Latin letter whose diacritics WinAnsi lacks keeps what it can (Yoruba ọ̀ → ò,
 * ẹ → e, Ṣ → S); anything else outside WinAnsi (₦, emoji, other scripts) becomes `?`.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const [cluster] of text.normalize('NFD').matchAll(/\P{M}\p{M}*|\p{M}+/gu)) {
    const base = String.fromCodePoint(cluster.codePointAt(0)!);
    if (/^\p{M}/u.test(base) || /^\p{Cf}$/u.test(base)) continue;
    if (base === '\t' || base === '\n' || base === '\r') {
      out += ' ';
      continue;
    }
    const composed = cluster.normalize('NFC');
    if (encodable(composed)) {
      out += composed;
      continue;
    }
    const marks = [...cluster.slice(base.length)];
    const partial = marks.map((mark) => (base + mark).normalize('NFC')).find((candidate) => candidate.length === 1 && encodable(candidate));
    out += partial ?? (encodable(base) ? base : '?');
  }
  return out;
}

/** A PDF literal string `( … )` for text already passed through toWinAnsi. ASCII output only. */
function pdfString(winAnsiText: string): string {
  let out = '(';
  for (const character of winAnsiText) {
    const byte = winAnsiByte(character.codePointAt(0)!) ?? 0x3f;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += '\\' + character;
    else if (byte < 0x80) out += character;
    else out += '\\' + byte.toString(8).padStart(3, '0');
  }
  return out + ')';
}

// ---------------------------------------------------------------------------------------------
// Metrics (Adobe Core14 AFM, code points 32–126 in WinAnsi: 39 is quotesingle, 96 is grave)

// prettier-ignore
const helveticaWidths = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 … ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ … O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P … _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` … o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p … ~
];

// prettier-ignore
const helveticaBoldWidths = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** Widths of the common non-ASCII punctuation, [regular, bold]. */
const specialWidths: ReadonlyMap<number, readonly [number, number]> = new Map([
  [0x2026, [1000, 1000]], // …
  [0x2013, [556, 556]], // –
  [0x2014, [1000, 1000]], // —
  [0x2018, [222, 278]], [0x2019, [222, 278]], [0x201a, [222, 278]],
  [0x201c, [333, 500]], [0x201d, [333, 500]], [0x201e, [333, 500]],
  [0x2022, [350, 350]], // •
  [0x20ac, [556, 556]], // €
  [0x2122, [1000, 1000]], // ™
  [0x00a0, [278, 278]], // no-break space
  [0x00b7, [278, 278]], // ·
  [0x00d7, [584, 584]], [0x00f7, [584, 584]],
  [0x00a9, [737, 737]], [0x00ae, [737, 737]],
  [0x00b0, [400, 400]],
  [0x00c6, [1000, 1000]], [0x00e6, [889, 889]], [0x00df, [611, 611]],
]);

function glyphWidth(character: string, font: PdfFont): number {
  const codePoint = character.codePointAt(0)!;
  const table = font === 'bold' ? helveticaBoldWidths : helveticaWidths;
  if (codePoint >= 32 && codePoint <= 126) return table[codePoint - 32]!;
  const special = specialWidths.get(codePoint);
  if (special) return font === 'bold' ? special[1] : special[0];
  // Accented Latin letters are as wide as their base letter (true for Helvetica's À…ÿ).
  const base = character.normalize('NFD').codePointAt(0)!;
  if (base >= 32 && base <= 126) return table[base - 32]!;
  return font === 'bold' ? 611 : 556;
}

/** Width in points of the text as printed (after toWinAnsi), Helvetica metrics, no kerning. */
export function textWidth(text: string, font: PdfFont, size: number): number {
  let units = 0;
  for (const character of toWinAnsi(text)) units += glyphWidth(character, font);
  return (units * size) / 1000;
}

/** The printed text, cut and ended with an ellipsis when it is wider than maxWidth. */
export function truncateToWidth(text: string, font: PdfFont, size: number, maxWidth: number): string {
  const printed = toWinAnsi(text);
  if (textWidth(printed, font, size) <= maxWidth) return printed;
  const characters = [...printed];
  const ellipsis = '\u2026';
  let budget = maxWidth - textWidth(ellipsis, font, size);
  let kept = '';
  for (const character of characters) {
    const width = (glyphWidth(character, font) * size) / 1000;
    if (width > budget) break;
    budget -= width;
    kept += character;
  }
  return kept.trimEnd() + ellipsis;
}

/** Greedy word wrap of the printed text; words wider than a line are cut with truncateToWidth. */
export function wrapText(text: string, font: PdfFont, size: number, maxWidth: number): string[] {
  const words = toWinAnsi(text).split(' ').filter((word) => word.length > 0);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? line + ' ' + word : word;
    if (textWidth(candidate, font, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = textWidth(word, font, size) <= maxWidth ? word : truncateToWidth(word, font, size, maxWidth);
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Writer

function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`PDF coordinates must be finite, got ${value}`);
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function greyLevel(value: number | undefined, fallback: number): string {
  return num(Math.min(1, Math.max(0, value ?? fallback)));
}

function contentStream(page: PdfPage): string {
  const lines: string[] = [];
  for (const op of page) {
    if (op.op === 'rect') {
      const y = PAGE_HEIGHT - op.y - op.height;
      lines.push(`${greyLevel(op.grey, 0.93)} g ${num(op.x)} ${num(y)} ${num(op.width)} ${num(op.height)} re f`);
    } else if (op.op === 'line') {
      const y = num(PAGE_HEIGHT - op.y);
      lines.push(`${greyLevel(op.grey, 0)} G ${num(op.width ?? 0.5)} w ${num(op.x1)} ${y} m ${num(op.x2)} ${y} l S`);
    } else {
      const printed = toWinAnsi(op.text);
      if (printed.length === 0) continue;
      const font = op.font ?? 'regular';
      const width = op.align && op.align !== 'left' ? textWidth(printed, font, op.size) : 0;
      const x = op.align === 'right' ? op.x - width : op.align === 'center' ? op.x - width / 2 : op.x;
      lines.push(
        `BT ${greyLevel(op.grey, 0)} g /${font === 'bold' ? 'F2' : 'F1'} ${num(op.size)} Tf ` +
          `${num(x)} ${num(PAGE_HEIGHT - op.y)} Td ${pdfString(printed)} Tj ET`,
      );
    }
  }
  return lines.join('\n');
}

/** A text string for the Info dictionary: UTF-16BE with a BOM, as hex (any Unicode allowed). */
function infoString(text: string): string {
  let hex = '<FEFF';
  for (let index = 0; index < text.length; index += 1) {
    hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  }
  return hex + '>';
}

/** `2026-11-21T09:15:00+01:00` → `(D:20261121091500+01'00')`, or undefined. */
function pdfDate(iso: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(iso);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '00', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}'${zone.slice(4, 6)}'`;
  return `(D:${year}${month}${day}${hour}${minute}${second}${offset})`;
}

/**
 * Writes the pages as a PDF 1.4 file. Object layout: 1 catalog, 2 page tree, 3 Helvetica,
 * 4 Helvetica-Bold, then a page object and its content stream per page, then the Info dictionary.
 */
export function writePdf(pages: readonly PdfPage[], info: PdfInfo = {}): Buffer {
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 5 + index * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((page, index) => {
    const contentId = pageIds[index]! + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    const stream = contentStream(page);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  const entries: string[] = [];
  if (info.title) entries.push(`/Title ${infoString(info.title)}`);
  if (info.author) entries.push(`/Author ${infoString(info.author)}`);
  if (info.subject) entries.push(`/Subject ${infoString(info.subject)}`);
  if (info.creator) entries.push(`/Creator ${infoString(info.creator)}`);
  entries.push(`/Producer ${infoString('naija-retail-bank documents')}`);
  const created = info.creationDate ? pdfDate(info.creationDate) : undefined;
  if (created) entries.push(`/CreationDate ${created}`);
  objects.push(`<< ${entries.join(' ')} >>`);
  const infoId = objects.length;

  let file = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(file.length);
    file += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  // Every character is ASCII (pdfString escapes the rest), so string offsets are byte offsets.
  return Buffer.from(file, 'latin1');
}
