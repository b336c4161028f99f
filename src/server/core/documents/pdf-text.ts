/**
 * The text side of the bank's PDFs: the Noto Sans fonts, loaded once per process; shaping with
 * fontkit (combining marks on their letters, no ligatures, so a search or a copy reads the text as
 * typed); what a character prints as; and measuring, cutting and wrapping text to a width. The
 * writer (pdf.ts) embeds the same shaped fonts, so what is measured here is what is printed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';

export type PdfFont = 'regular' | 'bold';

/** The font files, as package paths (resolved at run time, so the built server finds them in node_modules). */
const fontModules: Record<PdfFont, string> = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};

/**
 * A parsed font, shared by every document: `font` is fontkit's, `shaper` the same font with its
 * layouts remembered across documents (what PDFKit is given), `widths` the printed widths.
 */
type LoadedFont = { font: fontkit.Font; shaper: fontkit.Font; widths: Map<string, number> };

type Run = Pick<fontkit.GlyphRun, 'glyphs' | 'positions' | 'advanceWidth'>;

/**
 * No ligatures: the ToUnicode map gives one text per glyph, and the font's fi, fl… glyphs read
 * back as U+FB01… (Hausa "fita", English "office" would not be found by a search or a copy).
 */
const noLigatures = { liga: false } as const;
/** Shaping with the font's composition feature off (see decomposes), and no ligatures. */
const wholeGlyphs = { ccmp: false, liga: false } as const;
/** The font's default features; given to PDFKit so that it hands whole strings to the shaper. */
const defaultFeatures = {} as const;

/** Characters the font shapes alone: no ligature, kerning or mark between any two of them (checked at load). */
const plainCharacters = '0123456789,.-';

/**
 * The font with a layout that remembers its runs (bounded) and lays out numbers glyph by glyph.
 * Shaping is most of the time a statement takes, and a statement repeats its words and digits.
 * PDFKit scales a run's positions in place by 1000 / unitsPerEm: 1 for these fonts (checked), so
 * a run can be handed out again.
 */
function shaperFor(font: fontkit.Font): fontkit.Font {
  if (font.unitsPerEm !== 1000) throw new Error(`${font.postscriptName}: expected 1000 units per em, got ${font.unitsPerEm}`);
  const single = (character: string): Run => font.layout(character);
  const plain = [...plainCharacters].every((first) =>
    [...plainCharacters].every((second) => {
      const pair = font.layout(first + second);
      const [a, b] = [single(first), single(second)];
      return (
        pair.glyphs.length === 2 &&
        pair.glyphs[0]!.id === a.glyphs[0]!.id &&
        pair.glyphs[1]!.id === b.glyphs[0]!.id &&
        pair.advanceWidth === a.advanceWidth + b.advanceWidth &&
        pair.positions.every((position) => position.xOffset === 0 && position.yOffset === 0)
      );
    }),
  );
  const plainText = new RegExp(`^[${plainCharacters.replace('-', '\\-')}]+$`);
  const runs = new Map<string, Run>();
  const shapeRun = (text: string, features: unknown): Run => {
    const whole = (features as { ccmp?: boolean } | undefined)?.ccmp === false;
    const key = whole ? `\u0000${text}` : text;
    let run = runs.get(key);
    if (run === undefined) {
      if (!whole && plain && plainText.test(text)) {
        const glyphs = [...text].map((character) => font.glyphForCodePoint(character.codePointAt(0)!));
        const positions = glyphs.map((glyph) => ({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
        run = { glyphs, positions, advanceWidth: positions.reduce((sum, position) => sum + position.xAdvance, 0) } as Run;
      } else {
        run = font.layout(text, (whole ? wholeGlyphs : noLigatures) as unknown as string[]);
      }
      if (runs.size >= 100_000) runs.clear();
      runs.set(key, run);
    }
    return run;
  };
  /** Shaped in runs that end after each space (as PDFKit itself does), each run shaped once. */
  const layout = (text: string, features?: unknown): Run => {
    const pieces = text.split(/(?<= )/);
    if (pieces.length === 1) return shapeRun(text, features);
    const glyphs: fontkit.Glyph[] = [];
    const positions: fontkit.GlyphPosition[] = [];
    let advanceWidth = 0;
    for (const piece of pieces) {
      const run = shapeRun(piece, features);
      glyphs.push(...run.glyphs);
      positions.push(...run.positions);
      advanceWidth += run.advanceWidth;
    }
    return { glyphs, positions, advanceWidth } as Run;
  };
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout') return layout;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

let loadedFonts: Record<PdfFont, LoadedFont> | undefined;

// fontkit (and PDFKit, in pdf.ts: ~10 MiB of a server's memory between them) load with the first PDF or the
// first measured text, not when the server starts.
let fontkitLoaded: typeof fontkit | undefined;
const fontkitModule = () => (fontkitLoaded ??= createRequire(import.meta.url)('fontkit') as typeof fontkit);

/** The absolute path of a font file. */
export function fontFile(font: PdfFont): string {
  return createRequire(import.meta.url).resolve(fontModules[font]);
}

function loadFont(font: PdfFont): LoadedFont {
  const data = readFileSync(fontFile(font));
  const parsed = fontkitModule().create(data);
  if (!('layout' in parsed)) throw new Error(`${fontModules[font]} is a font collection, not a font`);
  // fontkit keeps one glyph object per glyph id, with the characters of whichever text created it
  // first, and PDFKit's ToUnicode map takes those characters. Creating every glyph from the
  // character map first makes that text the glyph's own (u reads u, ụ reads ụ, in any order).
  for (const codePoint of parsed.characterSet) parsed.glyphForCodePoint(codePoint);
  return { font: parsed, shaper: shaperFor(parsed), widths: new Map() };
}

/** Both fonts, read and parsed once per process. */
export function fonts(): Record<PdfFont, LoadedFont> {
  loadedFonts ??= { regular: loadFont('regular'), bold: loadFont('bold') };
  return loadedFonts;
}

const coverage = new Map<number, boolean>();

/** Whether both fonts draw the code point (the regular and bold cuts cover the same characters). */
export function fontCovers(codePoint: number): boolean {
  let covered = coverage.get(codePoint);
  if (covered === undefined) {
    const { regular, bold } = fonts();
    covered = regular.font.hasGlyphForCodePoint(codePoint) && bold.font.hasGlyphForCodePoint(codePoint);
    coverage.set(codePoint, covered);
  }
  return covered;
}

/**
 * The text as it will be printed: NFC; tabs and line breaks become spaces; control and invisible
 * format characters (zero-width joiners, BOM, bidi marks, soft hyphen, variation selectors) are
 * dropped; a character the font does not draw (emoji, other scripts) becomes `?`. Every Latin
 * letter and combining mark Nigerian names use, and ₦, are kept as typed.
 */
export function printableText(text: string): string {
  // Printable ASCII: the font has all of it.
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const character of text.normalize('NFC')) {
    let printed = printedCharacters.get(character);
    if (printed === undefined) {
      printed = printedCharacter(character);
      printedCharacters.set(character, printed);
    }
    out += printed;
  }
  return out;
}

const printedCharacters = new Map<string, string>();

function printedCharacter(character: string): string {
  // No-break spaces print as spaces (the font draws them with the space's glyph, which a reader could only extract one way).
  if (character === '\t' || character === '\n' || character === '\r' || character === '\u00A0' || character === '\u202F') return ' ';
  if (/^[\p{Cc}\p{Cf}\uFE00-\uFE0F]$/u.test(character) || /^[\u{E0100}-\u{E01EF}]$/u.test(character)) return '';
  return fontCovers(character.codePointAt(0)!) ? character : '?';
}

const decomposedByFont = new Map<number, boolean>();

/**
 * Whether the font's glyph composition feature (ccmp) takes the character apart: Noto Sans draws
 * ụ ị ọ ẹ … as the plain letter plus a combining dot below, and the PDF's ToUnicode map, one text
 * per glyph, would then read every plain u as ụ (or every ụ as u). Text with such a character,
 * or with any combining mark, is shaped with ccmp off: the precomposed glyphs, still with their
 * tone marks placed by the font's mark positioning.
 */
function decomposes(codePoint: number): boolean {
  let decomposed = decomposedByFont.get(codePoint);
  if (decomposed === undefined) {
    decomposed = Object.values(fonts()).some(({ font }) => {
      const run = font.layout(String.fromCodePoint(codePoint));
      return run.glyphs.length !== 1 || run.glyphs[0]!.id !== font.glyphForCodePoint(codePoint).id;
    });
    decomposedByFont.set(codePoint, decomposed);
  }
  return decomposed;
}

/** The OpenType features to shape printed text with. */
export function shapingFeatures(printed: string): typeof wholeGlyphs | typeof defaultFeatures {
  for (const character of printed) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint < 0x80) continue;
    if (/^\p{M}$/u.test(character) || decomposes(codePoint)) return wholeGlyphs;
  }
  return defaultFeatures;
}

/** Width in points of printed text (already through printableText), shaped as PDFKit shapes it. */
export function printedWidth(printed: string, font: PdfFont, size: number): number {
  const loaded = fonts()[font];
  let units = loaded.widths.get(printed);
  if (units === undefined) {
    units = loaded.shaper.layout(printed, shapingFeatures(printed) as unknown as string[]).advanceWidth;
    if (loaded.widths.size > 50_000) loaded.widths.clear();
    loaded.widths.set(printed, units);
  }
  return (units * size) / loaded.font.unitsPerEm;
}

/** Width in points of the text as printed (after printableText), Noto Sans metrics with kerning. */
export function textWidth(text: string, font: PdfFont, size: number): number {
  return printedWidth(printableText(text), font, size);
}

// Made on first use: a process that never cuts a non-ASCII name on a PDF never reads ICU's segmentation data.
let graphemes: Intl.Segmenter | undefined;

/** The printed text, cut and ended with an ellipsis when it is wider than maxWidth. */
export function truncateToWidth(text: string, font: PdfFont, size: number, maxWidth: number): string {
  const printed = printableText(text);
  if (printedWidth(printed, font, size) <= maxWidth) return printed;
  // Cut between grapheme clusters, so a letter keeps its combining marks.
  const clusters = /^[\x20-\x7e]*$/.test(printed) ? [...printed] : [...(graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(printed)].map((segment) => segment.segment);
  const ellipsis = '\u2026';
  const cut = (count: number) => clusters.slice(0, count).join('').trimEnd() + ellipsis;
  const fits = (count: number) => printedWidth(cut(count), font, size) <= maxWidth;
  // Estimate from the clusters' own widths (kerning aside), then correct against the shaped width.
  let budget = maxWidth - printedWidth(ellipsis, font, size);
  let count = 0;
  while (count < clusters.length - 1) {
    budget -= printedWidth(clusters[count]!, font, size);
    if (budget < 0) break;
    count += 1;
  }
  while (count > 0 && !fits(count)) count -= 1;
  while (count < clusters.length - 1 && fits(count + 1)) count += 1;
  return cut(count);
}

/** Greedy word wrap of the printed text; words wider than a line are cut with truncateToWidth. */
export function wrapText(text: string, font: PdfFont, size: number, maxWidth: number): string[] {
  const words = printableText(text).split(' ').filter((word) => word.length > 0);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? line + ' ' + word : word;
    if (printedWidth(candidate, font, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = printedWidth(word, font, size) <= maxWidth ? word : truncateToWidth(word, font, size, maxWidth);
  }
  if (line) lines.push(line);
  return lines;
}
