/**
 * The bank's PDF writer (statements, receipts), on PDFKit: text in Noto Sans Regular and Bold
 * (SIL Open Font License, from the `@expo-google-fonts/noto-sans` package), embedded as subsets
 * with a ToUnicode map so the text can be searched and copied; shaped with fontkit, so combining
 * marks sit on their letters (Yoruba ọ̀, ẹ́); content and font streams Flate-compressed. Every
 * character a customer can type in a Nigerian name prints as typed: Hausa ɓ ɗ ƙ ƴ, Yoruba Ọ ẹ ṣ
 * with their tone marks, Igbo ị ụ ṅ, and the naira sign ₦.
 *
 * Coordinates are PDF points measured from the TOP-LEFT corner of the page, y growing downwards
 * (the natural direction for laying out a document); for text, y is the baseline.
 */
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { formatNaira, kobo } from '../../../lib/money.ts';
import { fonts, printableText, printedWidth, shapingFeatures, type PdfFont } from './pdf-text.ts';

export const PAGE_WIDTH = 595;
export const PAGE_HEIGHT = 842;


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

/** Kobo → `₦1,234.56` (`-₦25.50` when negative), as on the bank's pages. */
export function formatNgn(amount: number): string {
  return formatNaira(amount);
}

/** Kobo → `1,234.56` / `-1,234.56`, for table columns whose header names the currency. */
export function formatAmount(amount: number): string {
  const value = kobo(amount);
  const absolute = Math.abs(value);
  const whole = String(Math.trunc(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (value < 0 ? '-' : '') + whole + '.' + String(absolute % 100).padStart(2, '0');
}

// ---------------------------------------------------------------------------------------------
// Writer

// PDFKit (~10 MiB of a server's memory with fontkit) loads with the first PDF, not when the server starts.
let pdfkitLoaded: typeof PDFKitDocument | undefined;
const PDFDocument = () => (pdfkitLoaded ??= createRequire(import.meta.url)('pdfkit') as typeof PDFKitDocument);

function finite(value: number): number {
  if (!Number.isFinite(value)) throw new Error(`PDF coordinates must be finite, got ${value}`);
  return value;
}

/** A grey level (0 black … 1 white) as the RGB triple PDFKit takes (0–255). */
function grey(value: number | undefined, fallback: number): [number, number, number] {
  const level = Math.round(Math.min(1, Math.max(0, value ?? fallback)) * 255);
  return [level, level, level];
}

/** `2026-11-21T09:15:00+01:00` → that instant, or undefined. */
function pdfDate(iso: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.test(iso)) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Writes the pages as a PDF: A4 portrait pages, the fonts embedded as subsets (only the glyphs
 * used), every stream Flate-compressed, the Info dictionary in UTF-16 (any Unicode allowed).
 */
export function writePdf(pages: readonly PdfPage[], info: PdfInfo = {}): Buffer {
  if (pages.length === 0) throw new Error('a PDF needs at least one page');
  const { regular, bold } = fonts();
  const created = info.creationDate ? pdfDate(info.creationDate) : undefined;
  const doc = new (PDFDocument())({
    autoFirstPage: false,
    compress: true,
    pdfVersion: '1.4',
    lang: 'en-NG',
    // No default font: PDFKit would otherwise load Helvetica's metrics from its own files.
    font: null as unknown as string,
    info: {
      Producer: 'naija-retail-bank documents',
      Creator: info.creator ?? 'naija-retail-bank documents',
      ...(info.title ? { Title: info.title } : {}),
      ...(info.author ? { Author: info.author } : {}),
      ...(info.subject ? { Subject: info.subject } : {}),
      ...(created ? { CreationDate: created } : {}),
    },
  });
  doc.registerFont('regular', regular.shaper as unknown as string);
  doc.registerFont('bold', bold.shaper as unknown as string);

  for (const page of pages) {
    doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
    for (const op of page) {
      if (op.op === 'rect') {
        doc.rect(finite(op.x), finite(op.y), finite(op.width), finite(op.height)).fill(grey(op.grey, 0.93));
      } else if (op.op === 'line') {
        doc.moveTo(finite(op.x1), finite(op.y)).lineTo(finite(op.x2), op.y).lineWidth(op.width ?? 0.5).stroke(grey(op.grey, 0));
      } else {
        const printed = printableText(op.text);
        if (printed.trim().length === 0) continue;
        const font = op.font ?? 'regular';
        const width = printedWidth(printed, font, op.size);
        const x = op.align === 'right' ? op.x - width : op.align === 'center' ? op.x - width / 2 : op.x;
        doc
          .font(font)
          .fontSize(op.size)
          .fillColor(grey(op.grey, 0))
          .text(printed, finite(x), finite(op.y), {
            lineBreak: false,
            baseline: 'alphabetic',
            textWidth: width,
            wordCount: printed.split(/\s+/).length,
            // Always some features: PDFKit then gives the whole string to the shaper, which splits and remembers runs.
            features: shapingFeatures(printed),
          } as unknown as PDFKit.Mixins.TextOptions);
      }
    }
  }
  doc.end();
  // PDFKit writes the whole file synchronously on end(); the chunks wait in the stream's buffer.
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}
