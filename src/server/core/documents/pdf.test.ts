import { describe, expect, it } from 'vitest';
import { inspectPdf, pageText } from '../../testing/inspect-pdf.ts';
import { formatAmount, formatNgn, textWidth, toWinAnsi, truncateToWidth, wrapText, writePdf, type PdfPage } from './pdf.ts';

const onePage = (page: PdfPage): Buffer => writePdf([page]);
const contentOf = (buffer: Buffer): string => inspectPdf(buffer).pages[0]!.content;

describe('formatNgn / formatAmount', () => {
  it('writes kobo as NGN with grouping and two decimals', () => {
    expect(formatNgn(0)).toBe('NGN 0.00');
    expect(formatNgn(5)).toBe('NGN 0.05');
    expect(formatNgn(123456)).toBe('NGN 1,234.56');
    expect(formatNgn(500_000_000)).toBe('NGN 5,000,000.00');
    expect(formatNgn(100_000_000_000_00)).toBe('NGN 100,000,000,000.00');
    expect(formatNgn(-2550)).toBe('-NGN 25.50');
    expect(formatAmount(123456)).toBe('1,234.56');
    expect(formatAmount(-99)).toBe('-0.99');
  });
  it('refuses non-integers', () => {
    expect(() => formatNgn(1.5)).toThrow();
    expect(() => formatAmount(Number.NaN)).toThrow();
  });
});

describe('writePdf structure', () => {
  const pages: PdfPage[] = [
    [{ op: 'text', x: 40, y: 60, text: 'First page', size: 12, font: 'bold' }],
    [
      { op: 'rect', x: 40, y: 100, width: 200, height: 20, grey: 0.9 },
      { op: 'line', x1: 40, x2: 555, y: 130 },
    ],
    [{ op: 'text', x: 40, y: 60, text: 'Third page', size: 10 }],
  ];
  const buffer = writePdf(pages, { title: 'Statement ₦', creationDate: '2026-12-01T08:00:00+01:00' });
  const text = buffer.toString('latin1');

  it('has the header, trailer, startxref and %%EOF', () => {
    expect(Buffer.isBuffer(buffer)).toBe(true);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('\n%%EOF\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    expect(text).toMatch(/trailer\n<< \/Size 12 \/Root 1 0 R \/Info 11 0 R >>/);
  });

  it('has an xref offset for every object that points at "n 0 obj"', () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    const lines = text.slice(startxref).split('\n');
    expect(lines[1]).toBe('0 12');
    expect(lines[2]).toBe('0000000000 65535 f ');
    for (let id = 1; id < 12; id += 1) {
      const entry = lines[2 + id]!;
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    }
    // And the independent inspector agrees (it also checks /Length of every stream).
    const inspected = inspectPdf(buffer);
    expect(inspected.objects.size).toBe(11);
  });

  it('has /Count matching the pages, A4 media boxes and the two standard fonts', () => {
    const inspected = inspectPdf(buffer);
    expect(inspected.pageCount).toBe(3);
    expect(text).toContain('/Count 3');
    for (const page of inspected.pages) {
      expect(page.dictionary).toContain('/MediaBox [0 0 595 842]');
      expect(page.dictionary).toContain('/Font << /F1 3 0 R /F2 4 0 R >>');
    }
    expect(inspected.objects.get(3)).toBe('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    expect(inspected.objects.get(4)).toBe('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
    expect(pageText(inspected, 0)).toBe('First page');
    expect(pageText(inspected, 2)).toBe('Third page');
  });

  it('is plain ASCII and writes the Info dictionary', () => {
    expect([...buffer].every((byte) => byte < 0x80)).toBe(true);
    const info = inspectPdf(buffer).objects.get(11)!;
    expect(info).toContain("/CreationDate (D:20261201080000+01'00')");
    // UTF-16BE: "Statement ₦" keeps the naira sign in metadata.
    expect(info).toContain('/Title <FEFF00530074006100740065006D0065006E0074002020A6>');
  });

  it('refuses an empty document', () => {
    expect(() => writePdf([])).toThrow(/at least one page/);
  });
});

describe('drawing ops', () => {
  it('flips y from the top of the page and picks the font', () => {
    const content = contentOf(onePage([{ op: 'text', x: 40, y: 100, text: 'Hi', size: 9, font: 'bold', grey: 0.5 }]));
    expect(content).toBe('BT 0.5 g /F2 9 Tf 40 742 Td (Hi) Tj ET');
  });

  it('right-aligns with the AFM widths', () => {
    const content = contentOf(onePage([{ op: 'text', x: 555, y: 100, text: '1,234.56', size: 10, align: 'right' }]));
    // 6 digits × 556 + comma 278 + period 278 = 3892 → 38.92 pt at 10 pt.
    expect(content).toBe('BT 0 g /F1 10 Tf 516.08 742 Td (1,234.56) Tj ET');
  });

  it('draws lines and filled rectangles', () => {
    const content = contentOf(
      onePage([
        { op: 'line', x1: 40, x2: 555, y: 42, width: 0.8 },
        { op: 'rect', x: 40, y: 100, width: 515, height: 20, grey: 0.9 },
      ]),
    );
    expect(content).toBe('0 G 0.8 w 40 800 m 555 800 l S\n0.9 g 40 722 515 20 re f');
  });

  it('escapes parentheses and backslashes', () => {
    const buffer = onePage([{ op: 'text', x: 0, y: 10, text: 'a (b) c\\d )(', size: 10 }]);
    expect(contentOf(buffer)).toContain('(a \\(b\\) c\\\\d \\)\\() Tj');
    expect(pageText(inspectPdf(buffer), 0)).toBe('a (b) c\\d )(');
  });

  it('writes Latin-1 and WinAnsi characters as octal escapes', () => {
    const buffer = onePage([{ op: 'text', x: 0, y: 10, text: 'Café – €5…', size: 10 }]);
    expect(contentOf(buffer)).toContain('(Caf\\351 \\226 \\2005\\205) Tj');
    expect(pageText(inspectPdf(buffer), 0)).toBe('Café – €5…');
  });

  it('replaces characters outside WinAnsi with ?', () => {
    const buffer = onePage([{ op: 'text', x: 0, y: 10, text: '₦100 中文 😀 ok', size: 10 }]);
    expect(contentOf(buffer)).toContain('(?100 ?? ? ok) Tj');
  });

  it('skips empty text', () => {
    expect(contentOf(onePage([{ op: 'text', x: 0, y: 10, text: '', size: 10 }]))).toBe('');
  });
});

describe('toWinAnsi', () => {
  it('keeps what WinAnsi has and replaces the rest', () => {
    expect(toWinAnsi('₦1,000')).toBe('?1,000');
    expect(toWinAnsi('中 😀 👍🏽')).toBe('? ? ??');
    expect(toWinAnsi('Zoë “quoted” — £5')).toBe('Zoë “quoted” — £5');
  });
  it('falls back to the base letter (keeping a WinAnsi accent) for Yoruba diacritics', () => {
    expect(toWinAnsi('Ọlá Adébáyọ̀ Ṣadé')).toBe('Olá Adébáyò Sadé');
  });
  it('turns line breaks and tabs into spaces and drops invisible characters', () => {
    expect(toWinAnsi('a\tb\nc\u200Bd\uFEFF')).toBe('a b cd');
  });
});

describe('textWidth, truncateToWidth, wrapText', () => {
  it('uses the Helvetica and Helvetica-Bold AFM widths', () => {
    // H 722, e 556, l 222, l 222, o 556
    expect(textWidth('Hello', 'regular', 10)).toBeCloseTo(22.78, 5);
    // Bold: H 722, e 556, l 278, l 278, o 611
    expect(textWidth('Hello', 'bold', 10)).toBeCloseTo(24.45, 5);
    expect(textWidth('@', 'regular', 1000)).toBe(1015);
    expect(textWidth('@', 'bold', 1000)).toBe(975);
    expect(textWidth("'", 'regular', 1000)).toBe(191);
    expect(textWidth('', 'regular', 10)).toBe(0);
  });
  it('approximates accented letters by their base letter and measures replaced characters as "?"', () => {
    expect(textWidth('é', 'regular', 1000)).toBe(556);
    expect(textWidth('Ó', 'regular', 1000)).toBe(778);
    expect(textWidth('í', 'bold', 1000)).toBe(278);
    expect(textWidth('₦', 'regular', 1000)).toBe(556);
    expect(textWidth('…', 'bold', 1000)).toBe(1000);
  });
  it('truncates with an ellipsis only when needed', () => {
    expect(truncateToWidth('Short', 'regular', 10, 100)).toBe('Short');
    const cut = truncateToWidth('A fairly long narration that will not fit', 'regular', 10, 80);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.startsWith('A fairly')).toBe(true);
    expect(textWidth(cut, 'regular', 10)).toBeLessThanOrEqual(80);
    expect(cut.length).toBeLessThan('A fairly long narration that will not fit'.length);
  });
  it('wraps on spaces within the width', () => {
    const lines = wrapText('one two three four five six seven eight nine ten', 'regular', 10, 60);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('one two three four five six seven eight nine ten');
    for (const line of lines) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(60);
  });
});
