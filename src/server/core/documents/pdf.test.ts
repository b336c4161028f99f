import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { inspectPdf, pageText, type InspectedText } from '../../testing/inspect-pdf.ts';
import { formatAmount, formatNgn, writePdf, type PdfPage } from './pdf.ts';
import { fontCovers, fontFile, printableText, textWidth, truncateToWidth, wrapText } from './pdf-text.ts';

const onePage = (page: PdfPage): Buffer => writePdf([page]);
const textsOf = (buffer: Buffer): InspectedText[] => inspectPdf(buffer).pages[0]!.texts;
const contentOf = (buffer: Buffer): string => inspectPdf(buffer).pages[0]!.content;

/** The letters of Nigerian names a WinAnsi font could not print: Hausa hooked letters, Yoruba and Igbo dots below, tone marks, ₦. */
const nigerianLetters = 'ɓɗƙƴƁƊƘƳ ỌọẸẹṢṣỊịỤụṄṅ ÀàÁáÈèÉéÌìÍíÒòÓóÙùÚú ŃńǸǹ ₦';
const combiningMarks = ['\u0300', '\u0301', '\u0304', '\u0323', '\u0307', '\u0308', '\u030c'];

describe('formatNgn / formatAmount', () => {
  it('writes kobo with the naira sign, grouping and two decimals', () => {
    expect(formatNgn(0)).toBe('₦0.00');
    expect(formatNgn(5)).toBe('₦0.05');
    expect(formatNgn(123456)).toBe('₦1,234.56');
    expect(formatNgn(500_000_000)).toBe('₦5,000,000.00');
    expect(formatNgn(100_000_000_000_00)).toBe('₦100,000,000,000.00');
    expect(formatNgn(-2550)).toBe('-₦25.50');
    expect(formatAmount(123456)).toBe('1,234.56');
    expect(formatAmount(-99)).toBe('-0.99');
  });
  it('refuses non-integers', () => {
    expect(() => formatNgn(1.5)).toThrow();
    expect(() => formatAmount(Number.NaN)).toThrow();
  });
});

describe('the fonts', () => {
  it('are Noto Sans Regular and Bold, shipped by an npm package under the SIL Open Font License', () => {
    for (const [cut, name] of [['regular', 'NotoSans-Regular'], ['bold', 'NotoSans-Bold']] as const) {
      const file = fontFile(cut);
      expect(file).toMatch(/node_modules\/@expo-google-fonts\/noto-sans\/.*\.ttf$/);
      const font = fontkit.create(readFileSync(file)) as fontkit.Font;
      expect(font.postscriptName).toBe(name);
    }
    const license = readFileSync(fontFile('regular').replace(/[^/]+\/[^/]+$/, 'LICENSE_FONT'), 'utf8');
    expect(license).toContain('SIL OPEN FONT LICENSE');
  });

  it('cover Latin Extended-B / IPA (ɓ ɗ ƙ ƴ), the dotted letters, the combining tone marks and ₦ (U+20A6)', () => {
    for (const character of [...nigerianLetters.replace(/ /g, ''), ...combiningMarks]) {
      expect(fontCovers(character.codePointAt(0)!), `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).toBe(true);
    }
    expect(printableText(nigerianLetters)).toBe(nigerianLetters);
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

  it('has the header, a valid xref table, trailer, startxref and %%EOF (the inspector checks every offset and /Length)', () => {
    expect(Buffer.isBuffer(buffer)).toBe(true);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text).toMatch(/%%EOF\n$/);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const inspected = inspectPdf(buffer);
    expect(inspected.trailer).toMatch(/\/Root \d+ 0 R/);
    expect(inspected.trailer).toMatch(/\/Info \d+ 0 R/);
  });

  it('has /Count matching the pages and A4 media boxes', () => {
    const inspected = inspectPdf(buffer);
    expect(inspected.pageCount).toBe(3);
    for (const page of inspected.pages) expect(page.dictionary).toContain('/MediaBox [0 0 595 842]');
    expect(pageText(inspected, 0)).toBe('First page');
    expect(pageText(inspected, 1)).toBe('');
    expect(pageText(inspected, 2)).toBe('Third page');
  });

  it('embeds only subsets of the two Noto Sans cuts used, as Type0 fonts with a ToUnicode map', () => {
    const inspected = inspectPdf(buffer);
    const fonts = [...inspected.fonts.values()];
    expect(fonts.map((font) => font.baseFont.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    for (const font of fonts) {
      expect(font.baseFont).toMatch(/^[A-Z]{6}\+NotoSans-/);
      expect(font.subtype).toBe('Type0');
      expect(font.embedded).toBe(true);
      expect(font.toUnicode.size).toBeGreaterThan(0);
    }
    // A subset: far smaller than the 630 KB font files.
    expect(buffer.length).toBeLessThan(40_000);
    expect(text).not.toContain('/Helvetica');
    expect(text).not.toContain('WinAnsiEncoding');
  });

  it('compresses every content and font stream', () => {
    const inspected = inspectPdf(buffer);
    const streams = [...inspected.streams.values()].filter((stream) => !stream.dictionary.includes('/Type /Metadata'));
    expect(streams.length).toBeGreaterThanOrEqual(3 + 2 * 2);
    for (const stream of streams) expect(stream.compressed).toBe(true);
    expect(text).not.toContain('First page');
  });

  it('writes the Info dictionary in Unicode', () => {
    const inspected = inspectPdf(buffer);
    const info = inspected.objects.get(Number(/\/Info (\d+) 0 R/.exec(inspected.trailer)![1]))!;
    const value = (key: string) => inspected.objects.get(Number(new RegExp(`/${key} (\\d+) 0 R`).exec(info)![1]))!;
    expect(value('CreationDate')).toBe('(D:20261201070000Z)');
    // UTF-16BE with a byte order mark: "Statement ₦" keeps the naira sign in metadata.
    expect(Buffer.from(value('Title').slice(1, -1), 'latin1').toString('hex')).toBe('feff00530074006100740065006d0065006e0074002020a6');
  });

  it('refuses an empty document and coordinates that are not finite', () => {
    expect(() => writePdf([])).toThrow(/at least one page/);
    expect(() => onePage([{ op: 'text', x: Number.NaN, y: 10, text: 'x', size: 10 }])).toThrow(/finite/);
  });
});

describe('drawing ops', () => {
  it('puts text at its baseline from the top of the page, in the font, size and grey asked for', () => {
    const [drawn] = textsOf(onePage([{ op: 'text', x: 40, y: 100, text: 'Hi', size: 9, font: 'bold', grey: 0.5 }]));
    expect(drawn).toEqual({ text: 'Hi', font: 'NotoSans-Bold', size: 9, x: 40, y: 100, grey: 128 / 255 });
  });

  it('right-aligns and centres with the font metrics', () => {
    const [right, centre] = textsOf(
      onePage([
        { op: 'text', x: 555, y: 100, text: '1,234.56', size: 10, align: 'right' },
        { op: 'text', x: 300, y: 120, text: '1,234.56', size: 10, align: 'center' },
      ]),
    );
    // Digits are 572 units in Noto Sans, comma and period 258: 3968 units → 39.68 pt at 10 pt.
    expect(textWidth('1,234.56', 'regular', 10)).toBeCloseTo(39.68, 5);
    expect(right!.x).toBeCloseTo(555 - 39.68, 2);
    expect(centre!.x).toBeCloseTo(300 - 39.68 / 2, 2);
  });

  it('draws lines and filled rectangles in the top-left coordinate system', () => {
    const content = contentOf(
      onePage([
        { op: 'line', x1: 40, x2: 555, y: 42, width: 0.8 },
        { op: 'rect', x: 40, y: 100, width: 515, height: 20, grey: 0.9 },
      ]),
    );
    expect(content.startsWith('1 0 0 -1 0 842 cm\n')).toBe(true);
    expect(content).toContain('40 42 m\n555 42 l\n0.8 w');
    expect(content).toMatch(/40 100 515 20 re\n\/DeviceRGB cs\n0\.9\d* 0\.9\d* 0\.9\d* scn\nf/);
  });

  it('prints parentheses, backslashes, Latin-1 and typographic punctuation as typed', () => {
    const texts = textsOf(onePage([
      { op: 'text', x: 0, y: 10, text: 'a (b) c\\d )(', size: 10 },
      { op: 'text', x: 0, y: 30, text: 'Café – €5… “quoted” £', size: 10 },
    ]));
    expect(texts.map((item) => item.text)).toEqual(['a (b) c\\d )(', 'Café – €5… “quoted” £']);
  });

  it('prints Nigerian names and the naira sign exactly, combining tone marks included', () => {
    const names = ['Ọlá Ɗanjuma-Ƙasim', 'Adébáyọ̀ Ọlásùnkànmí', 'Ɓala Ƴakubu', 'Chukwuụ̀ Ńnamdị', '₦5,000.00'];
    const texts = textsOf(onePage(names.map((name, index) => ({ op: 'text', x: 40, y: 40 + index * 20, text: name, size: 10 }))));
    expect(texts.map((item) => item.text)).toEqual(names.map((name) => name.normalize('NFC')));
  });

  it('keeps a dotted letter and its plain letter apart whichever comes first (one glyph each in the ToUnicode map)', () => {
    const lines = ['Ọ̀ṣun ọmọ ụlọ ị', 'Osun omo ulo i', 'Ọ̀ṣun ọmọ ụlọ ị'];
    expect(textsOf(onePage(lines.map((line, index) => ({ op: 'text', x: 40, y: 40 + index * 20, text: line, size: 10 })))).map((item) => item.text)).toEqual(lines.map((line) => line.normalize('NFC')));
    const reversed = [lines[1]!, lines[0]!];
    expect(textsOf(onePage(reversed.map((line, index) => ({ op: 'text', x: 40, y: 40 + index * 20, text: line, size: 10, font: 'bold' })))).map((item) => item.text)).toEqual(reversed.map((line) => line.normalize('NFC')));
  });

  it('replaces characters the font lacks with ? and drops invisible ones', () => {
    const texts = textsOf(onePage([{ op: 'text', x: 0, y: 10, text: '₦100 中文 😀 ok\u200B\uFE0F', size: 10 }]));
    expect(texts.map((item) => item.text)).toEqual(['₦100 ?? ? ok']);
  });

  it('skips empty text', () => {
    expect(textsOf(onePage([{ op: 'text', x: 0, y: 10, text: '', size: 10 }]))).toEqual([]);
  });
});

describe('printableText', () => {
  it('keeps what the font has and replaces the rest', () => {
    expect(printableText('₦1,000')).toBe('₦1,000');
    expect(printableText('中 😀 👍🏽')).toBe('? ? ??');
    expect(printableText('Zoë “quoted” — £5')).toBe('Zoë “quoted” — £5');
  });
  it('keeps Yoruba letters and tone marks (composed where Unicode can, combining otherwise)', () => {
    expect(printableText('Ọlá Adébáyọ̀ Ṣadé')).toBe('Ọlá Adébáyọ̀ Ṣadé'.normalize('NFC'));
    expect(printableText('O\u0323la\u0301')).toBe('Ọlá');
  });
  it('turns line breaks and tabs into spaces and drops invisible characters', () => {
    expect(printableText('a\tb\nc\u200Bd\uFEFF\u00AD')).toBe('a b cd');
    expect(printableText('₦1\u00A0000')).toBe('₦1 000');
  });
});

describe('textWidth, truncateToWidth, wrapText', () => {
  it('uses the Noto Sans Regular and Bold metrics', () => {
    expect(textWidth('0123456789', 'regular', 1000)).toBe(5720);
    expect(textWidth(' ', 'regular', 1000)).toBe(260);
    expect(textWidth('₦', 'regular', 1000)).toBe(572);
    expect(textWidth('Hello', 'bold', 10)).toBeGreaterThan(textWidth('Hello', 'regular', 10));
    expect(textWidth('', 'regular', 10)).toBe(0);
    // A combining mark takes no room.
    expect(textWidth('ọ̀', 'regular', 1000)).toBe(textWidth('ọ', 'regular', 1000));
    expect(textWidth('é', 'regular', 1000)).toBe(textWidth('e', 'regular', 1000));
  });
  it('truncates with an ellipsis only when needed', () => {
    expect(truncateToWidth('Short', 'regular', 10, 100)).toBe('Short');
    const cut = truncateToWidth('A fairly long narration that will not fit', 'regular', 10, 80);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.startsWith('A fairly')).toBe(true);
    expect(textWidth(cut, 'regular', 10)).toBeLessThanOrEqual(80);
    expect(cut.length).toBeLessThan('A fairly long narration that will not fit'.length);
    // One more character would not have fitted.
    const kept = cut.slice(0, -1);
    expect(textWidth('A fairly long narration that will not fit'.slice(0, kept.length + 1).trimEnd() + '…', 'regular', 10)).toBeGreaterThan(80);
  });
  it('never cuts a tone mark off its letter', () => {
    const name = 'Ọ̀ọ̀ọ̀ọ̀ọ̀ọ̀ọ̀ọ̀ọ̀ọ̀ọ̀ọ̀';
    for (let width = 10; width < 60; width += 3) {
      const cut = truncateToWidth(name, 'regular', 10, width);
      expect(cut.replace('…', '').normalize('NFD').replace(/[\u0300\u0323]/g, '')).toMatch(/^[Oo]*$/);
      expect([...cut.replace('…', '')].length % 2).toBe(0);
    }
  });
  it('wraps on spaces within the width', () => {
    const lines = wrapText('one two three four five six seven eight nine ten', 'regular', 10, 60);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('one two three four five six seven eight nine ten');
    for (const line of lines) expect(textWidth(line, 'regular', 10)).toBeLessThanOrEqual(60);
  });
});
