/**
 * Test support: a strict, independent reader for the PDFs writePdf produces (one classic xref
 * table, Flate-compressed streams, Type0 fonts with a ToUnicode CMap). It throws on anything
 * malformed and returns the objects, the page tree and, per page, the text drawn in each BT … ET
 * block in order, decoded through the font's ToUnicode map (what a PDF reader extracts).
 */
import { inflateSync } from 'node:zlib';

export type InspectedText = {
  /** The text of one BT … ET block, decoded through the font's ToUnicode map. */
  text: string;
  /** The font's /BaseFont without its subset tag, e.g. `NotoSans-Bold`. */
  font: string;
  size: number;
  /** The start of the text, in points from the left edge. */
  x: number;
  /** The baseline, in points from the TOP of the page (as the writer's ops give it). */
  y: number;
  /** The fill colour as a grey level (0 black … 1 white); NaN when the colour is not a grey. */
  grey: number;
};

export type InspectedStream = { dictionary: string; data: Buffer; compressed: boolean };

export type InspectedFont = { baseFont: string; subtype: string; embedded: boolean; toUnicode: Map<string, string> };

export type InspectedPdf = {
  /** The whole file as latin1. */
  text: string;
  /** Each object's body (for a stream, its dictionary). */
  objects: Map<number, string>;
  streams: Map<number, InspectedStream>;
  fonts: Map<number, InspectedFont>;
  pageCount: number;
  /** Per page, in page order: the decoded content stream, the text blocks and their strings. */
  pages: Array<{ dictionary: string; content: string; texts: InspectedText[]; strings: string[] }>;
  trailer: string;
};

function fail(message: string): never {
  throw new Error(`malformed PDF: ${message}`);
}

function reference(dictionary: string, key: string): number | undefined {
  const match = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dictionary);
  return match ? Number(match[1]) : undefined;
}

// ---------------------------------------------------------------------------------------------
// ToUnicode CMaps

function hexToUtf16(spaced: string): string {
  const hex = spaced.replace(/\s+/g, '');
  let out = '';
  for (let index = 0; index + 4 <= hex.length; index += 4) out += String.fromCharCode(parseInt(hex.slice(index, index + 4), 16));
  return out;
}

/** bfchar and bfrange entries: source code (hex, lower case) → Unicode text. */
export function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const [, source, target] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) map.set(source!.toLowerCase(), hexToUtf16(target!));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    for (const [, low, high, rest] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const width = low!.length;
      const start = parseInt(low!, 16);
      const end = parseInt(high!, 16);
      if (end < start) fail('bfrange backwards');
      const targets = rest!.startsWith('[') ? [...rest!.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((match) => hexToUtf16(match[1]!)) : undefined;
      if (targets && targets.length !== end - start + 1) fail('bfrange array length');
      for (let code = start; code <= end; code += 1) {
        const key = code.toString(16).padStart(width, '0');
        if (targets) map.set(key, targets[code - start]!);
        else {
          const base = hexToUtf16(rest!.slice(1, -1));
          map.set(key, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - start));
        }
      }
    }
  }
  return map;
}

// ---------------------------------------------------------------------------------------------
// Content streams

type Token = { kind: 'number'; value: number } | { kind: 'name'; value: string } | { kind: 'string'; hex: string } | { kind: 'array'; items: Token[] } | { kind: 'op'; value: string };

function tokenize(content: string): Token[] {
  const tokens: Token[] = [];
  const stack: Token[][] = [tokens];
  let index = 0;
  const push = (token: Token) => stack.at(-1)!.push(token);
  while (index < content.length) {
    const character = content[index]!;
    if (/\s/.test(character)) {
      index += 1;
    } else if (character === '%') {
      while (index < content.length && content[index] !== '\n') index += 1;
    } else if (character === '[') {
      const items: Token[] = [];
      push({ kind: 'array', items });
      stack.push(items);
      index += 1;
    } else if (character === ']') {
      if (stack.length === 1) fail('unbalanced ]');
      stack.pop();
      index += 1;
    } else if (character === '<' && content[index + 1] !== '<') {
      const end = content.indexOf('>', index);
      if (end < 0) fail('unterminated hex string');
      const hex = content.slice(index + 1, end).replace(/\s+/g, '');
      if (!/^[0-9a-fA-F]*$/.test(hex)) fail('bad hex string');
      push({ kind: 'string', hex: hex.length % 2 ? hex + '0' : hex });
      index = end + 1;
    } else if (character === '(') {
      let depth = 1;
      let bytes = '';
      index += 1;
      while (depth > 0) {
        if (index >= content.length) fail('unterminated string');
        const current = content[index]!;
        if (current === '\\') {
          const octal = /^[0-7]{1,3}/.exec(content.slice(index + 1, index + 4));
          if (octal) {
            bytes += String.fromCharCode(parseInt(octal[0], 8));
            index += 1 + octal[0].length;
            continue;
          }
          const next = content[index + 1]!;
          bytes += ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[next] ?? next;
          index += 2;
          continue;
        }
        if (current === '(') depth += 1;
        if (current === ')') depth -= 1;
        if (depth > 0) bytes += current;
        index += 1;
      }
      push({ kind: 'string', hex: Buffer.from(bytes, 'latin1').toString('hex') });
    } else if (character === '/') {
      const match = /^\/[^\s/[\]<>()%]*/.exec(content.slice(index))!;
      push({ kind: 'name', value: match[0].slice(1) });
      index += match[0].length;
    } else {
      const match = /^[^\s/[\]<>()%]+/.exec(content.slice(index));
      if (!match) fail(`unexpected ${JSON.stringify(character)} in a content stream`);
      const word = match[0];
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) push({ kind: 'number', value: Number(word) });
      else push({ kind: 'op', value: word });
      index += word.length;
    }
  }
  if (stack.length !== 1) fail('unterminated array');
  return tokens;
}

function decodeShown(hex: string, font: InspectedFont | undefined): string {
  if (!font) fail('text shown before Tf');
  if (font.toUnicode.size === 0) fail(`font ${font.baseFont} has no ToUnicode map`);
  const width = [...font.toUnicode.keys()][0]!.length;
  let out = '';
  for (let index = 0; index < hex.length; index += width) {
    const code = hex.slice(index, index + width).toLowerCase();
    const text = font.toUnicode.get(code);
    if (text === undefined) fail(`code <${code}> not in the ToUnicode map of ${font.baseFont}`);
    out += text;
  }
  return out;
}

function pageTexts(content: string, fontsByName: Map<string, InspectedFont>, pageHeight: number): InspectedText[] {
  const texts: InspectedText[] = [];
  const operands: Token[] = [];
  const saved: number[] = [];
  let fill = 0;
  let current: InspectedText | undefined;
  let font: InspectedFont | undefined;
  const numbers = () => operands.filter((token) => token.kind === 'number').map((token) => (token as { value: number }).value);
  for (const token of tokenize(content)) {
    if (token.kind !== 'op') {
      operands.push(token);
      continue;
    }
    const values = numbers();
    switch (token.value) {
      case 'q':
        saved.push(fill);
        break;
      case 'Q':
        fill = saved.pop() ?? fail('Q without q');
        break;
      case 'g':
        fill = values[0]!;
        break;
      case 'rg':
      case 'sc':
      case 'scn':
        fill = values.length === 1 ? values[0]! : values.length === 3 && values[0] === values[1] && values[1] === values[2] ? values[0]! : Number.NaN;
        break;
      case 'BT':
        if (current) fail('BT inside BT');
        current = { text: '', font: '', size: 0, x: Number.NaN, y: Number.NaN, grey: fill };
        break;
      case 'ET':
        if (!current) fail('ET without BT');
        if (current.text.length > 0) texts.push(current);
        current = undefined;
        break;
      case 'Tf': {
        const name = operands.find((operand) => operand.kind === 'name') as { value: string } | undefined;
        font = fontsByName.get(name?.value ?? '') ?? fail(`unknown font /${name?.value}`);
        if (current) {
          current.font = font.baseFont.replace(/^[A-Z]{6}\+/, '');
          current.size = values[0]!;
        }
        break;
      }
      case 'Tm':
      case 'Td':
        if (!current) fail(`${token.value} outside BT`);
        if (Number.isNaN(current.x)) {
          current.x = Math.round(values.at(-2)! * 100) / 100;
          current.y = Math.round((pageHeight - values.at(-1)!) * 100) / 100;
        }
        break;
      case 'Tj':
      case 'TJ': {
        if (!current) fail(`${token.value} outside BT`);
        const shown = token.value === 'Tj' ? operands.filter((operand) => operand.kind === 'string') : (operands.find((operand) => operand.kind === 'array') as { items: Token[] } | undefined)?.items ?? [];
        for (const item of shown) if (item.kind === 'string') current.text += decodeShown(item.hex, font);
        break;
      }
      default:
        break;
    }
    operands.length = 0;
  }
  if (current) fail('BT without ET');
  return texts;
}

// ---------------------------------------------------------------------------------------------
// File structure

export function inspectPdf(buffer: Buffer): InspectedPdf {
  const text = buffer.toString('latin1');
  if (!/^%PDF-1\.[3-7]\n/.test(text)) fail('header');
  if (!/%%EOF\n?$/.test(text)) fail('no %%EOF at the end');
  const startxref = /startxref\n(\d+)\n%%EOF\n?$/.exec(text);
  if (!startxref) fail('startxref');
  const xrefOffset = Number(startxref[1]);
  if (!text.startsWith('xref\n', xrefOffset)) fail('startxref does not point at xref');
  const header = /^xref\n0 (\d+)\n/.exec(text.slice(xrefOffset));
  if (!header) fail('xref subsection header');
  const size = Number(header[1]);
  let cursor = xrefOffset + header[0].length;
  const entries: string[] = [];
  for (let index = 0; index < size; index += 1) {
    entries.push(text.slice(cursor, cursor + 20));
    cursor += 20;
  }
  if (entries[0] !== '0000000000 65535 f \n') fail('xref entry 0');
  const trailerMatch = /^trailer\n(<<[^]*?>>)\nstartxref\n/.exec(text.slice(cursor));
  if (!trailerMatch) fail('trailer right after the xref table');
  const trailer = trailerMatch[1]!;
  if (!new RegExp(`/Size ${size}\\b`).test(trailer)) fail('/Size does not match the xref table');

  const objects = new Map<number, string>();
  const streams = new Map<number, InspectedStream>();
  for (let id = 1; id < size; id += 1) {
    const entry = /^(\d{10}) 00000 n \n$/.exec(entries[id]!);
    if (!entry) fail(`xref entry ${id}: ${JSON.stringify(entries[id])}`);
    const offset = Number(entry[1]);
    const opening = `${id} 0 obj\n`;
    if (!text.startsWith(opening, offset)) fail(`xref offset of object ${id} points at ${JSON.stringify(text.slice(offset, offset + 12))}`);
    const bodyStart = offset + opening.length;
    const end = text.indexOf('\nendobj\n', bodyStart);
    if (end < 0) fail(`object ${id} has no endobj`);
    const streamKeyword = text.indexOf('\nstream\n', bodyStart);
    if (streamKeyword >= 0 && streamKeyword < end) {
      const dictionary = text.slice(bodyStart, streamKeyword);
      const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? fail(`stream ${id} without a direct /Length`));
      const dataStart = streamKeyword + '\nstream\n'.length;
      if (!text.startsWith('\nendstream\nendobj\n', dataStart + length)) fail(`/Length of stream ${id} does not end at endstream`);
      const raw = buffer.subarray(dataStart, dataStart + length);
      const compressed = /\/Filter \/FlateDecode/.test(dictionary);
      if (/\/Filter/.test(dictionary) && !compressed) fail(`stream ${id} has a filter other than FlateDecode`);
      streams.set(id, { dictionary, data: compressed ? inflateSync(raw) : Buffer.from(raw), compressed });
      objects.set(id, dictionary);
    } else {
      objects.set(id, text.slice(bodyStart, end));
    }
  }
  const resolve = (id: number, what: string): string => objects.get(id) ?? fail(`${what} (object ${id}) missing`);

  const fonts = new Map<number, InspectedFont>();
  const fontAt = (id: number): InspectedFont => {
    const known = fonts.get(id);
    if (known) return known;
    const dictionary = resolve(id, 'font');
    const subtype = /\/Subtype \/(\w+)/.exec(dictionary)?.[1] ?? fail(`font ${id} without /Subtype`);
    const baseFont = /\/BaseFont \/([^\s/>]+)/.exec(dictionary)?.[1] ?? fail(`font ${id} without /BaseFont`);
    let embedded = false;
    const descendants = /\/DescendantFonts \[\s*(\d+) 0 R\s*\]/.exec(dictionary);
    const descriptorHolder = descendants ? resolve(Number(descendants[1]), 'descendant font') : dictionary;
    const descriptorId = reference(descriptorHolder, 'FontDescriptor');
    if (descriptorId !== undefined) {
      const fileId = reference(resolve(descriptorId, 'font descriptor'), 'FontFile2') ?? reference(resolve(descriptorId, 'font descriptor'), 'FontFile3');
      embedded = fileId !== undefined && (streams.get(fileId)?.data.length ?? 0) > 0;
    }
    const toUnicodeId = reference(dictionary, 'ToUnicode');
    const toUnicode = toUnicodeId === undefined ? new Map<string, string>() : parseToUnicode((streams.get(toUnicodeId) ?? fail('ToUnicode is not a stream')).data.toString('latin1'));
    const font = { baseFont, subtype, embedded, toUnicode };
    fonts.set(id, font);
    return font;
  };

  const rootId = reference(trailer, 'Root') ?? fail('no /Root');
  const catalog = resolve(rootId, 'catalog');
  if (!/\/Type \/Catalog/.test(catalog)) fail('root is not a catalog');
  const pagesId = reference(catalog, 'Pages') ?? fail('catalog without /Pages');
  const tree = resolve(pagesId, 'page tree');
  const count = Number(/\/Count (\d+)/.exec(tree)?.[1] ?? fail('page tree without /Count'));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree)?.[1] ?? fail('no /Kids')).matchAll(/(\d+) 0 R/g)].map((match) => Number(match[1]));
  if (kids.length !== count) fail(`/Count ${count} but ${kids.length} kids`);

  const pages = kids.map((kid) => {
    const dictionary = resolve(kid, 'page');
    if (!/\/Type \/Page\b/.test(dictionary) || reference(dictionary, 'Parent') !== pagesId) fail(`object ${kid} is not a page of the tree`);
    const box = /\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(dictionary) ?? fail('page without a /MediaBox');
    const contentId = reference(dictionary, 'Contents') ?? fail('page without /Contents');
    const content = (streams.get(contentId) ?? fail('content is not a stream')).data.toString('latin1');
    const resourcesId = reference(dictionary, 'Resources');
    const resources = resourcesId === undefined ? dictionary : resolve(resourcesId, 'resources');
    const fontsByName = new Map<string, InspectedFont>();
    const fontBlock = /\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? '';
    for (const [, name, id] of fontBlock.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) fontsByName.set(name!, fontAt(Number(id)));
    const texts = pageTexts(content, fontsByName, Number(box[2]));
    return { dictionary, content, texts, strings: texts.map((item) => item.text) };
  });
  return { text, objects, streams, fonts, pageCount: count, pages, trailer };
}

/** Every string drawn on the page, joined by newlines. */
export function pageText(pdf: InspectedPdf, pageIndex: number): string {
  return (pdf.pages[pageIndex] ?? fail(`no page ${pageIndex}`)).strings.join('\n');
}

export function allText(pdf: InspectedPdf): string {
  return pdf.pages.map((page) => page.strings.join('\n')).join('\n');
}
