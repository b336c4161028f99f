/**
 * Test support: a strict structural reader for the PDFs writePdf produces (uncompressed, one
 * classic xref section). It throws on anything malformed and returns the objects, the page
 * tree and, per page, the strings drawn by Tj in order, decoded from WinAnsi.
 */

export type InspectedPdf = {
  text: string;
  objects: Map<number, string>;
  pageCount: number;
  /** Per page, in page order: the raw content stream and the decoded Tj strings. */
  pages: Array<{ dictionary: string; content: string; strings: string[] }>;
  trailer: string;
};

const winAnsiToUnicode: Record<number, string> = {
  0x80: '\u20ac', 0x82: '\u201a', 0x83: '\u0192', 0x84: '\u201e', 0x85: '\u2026', 0x86: '\u2020', 0x87: '\u2021',
  0x88: '\u02c6', 0x89: '\u2030', 0x8a: '\u0160', 0x8b: '\u2039', 0x8c: '\u0152', 0x8e: '\u017d', 0x91: '\u2018',
  0x92: '\u2019', 0x93: '\u201c', 0x94: '\u201d', 0x95: '\u2022', 0x96: '\u2013', 0x97: '\u2014', 0x98: '\u02dc',
  0x99: '\u2122', 0x9a: '\u0161', 0x9b: '\u203a', 0x9c: '\u0153', 0x9e: '\u017e', 0x9f: '\u0178',
};

function fail(message: string): never {
  throw new Error(`malformed PDF: ${message}`);
}

/** Decodes the PDF literal strings `( … )` shown with Tj in a content stream. */
export function tjStrings(content: string): string[] {
  const strings: string[] = [];
  let index = 0;
  while (index < content.length) {
    if (content[index] !== '(') {
      index += 1;
      continue;
    }
    index += 1;
    let depth = 1;
    let value = '';
    while (depth > 0) {
      if (index >= content.length) fail('unterminated string');
      const character = content[index]!;
      if (character === '\\') {
        const next = content[index + 1]!;
        const octal = /^[0-7]{1,3}/.exec(content.slice(index + 1, index + 4));
        if (octal) {
          const byte = parseInt(octal[0], 8);
          value += winAnsiToUnicode[byte] ?? String.fromCharCode(byte);
          index += 1 + octal[0].length;
          continue;
        }
        const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
        value += escapes[next] ?? fail(`unknown escape \\${next}`);
        index += 2;
        continue;
      }
      if (character === '(') depth += 1;
      if (character === ')') depth -= 1;
      if (depth > 0) value += character;
      index += 1;
    }
    if (!/^\s*Tj/.test(content.slice(index))) fail('string not shown with Tj');
    strings.push(value);
  }
  return strings;
}

export function inspectPdf(buffer: Buffer): InspectedPdf {
  const text = buffer.toString('latin1');
  if (!text.startsWith('%PDF-1.4\n')) fail('header');
  if (!text.endsWith('%%EOF\n')) fail('no %%EOF at the end');
  const startxref = /startxref\n(\d+)\n%%EOF\n$/.exec(text);
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
  if (!trailer.includes(`/Size ${size}`)) fail('/Size does not match the xref table');

  const objects = new Map<number, string>();
  for (let id = 1; id < size; id += 1) {
    const entry = /^(\d{10}) 00000 n \n$/.exec(entries[id]!);
    if (!entry) fail(`xref entry ${id}: ${JSON.stringify(entries[id])}`);
    const offset = Number(entry[1]);
    const opening = `${id} 0 obj\n`;
    if (!text.startsWith(opening, offset)) fail(`xref offset of object ${id} points at ${JSON.stringify(text.slice(offset, offset + 12))}`);
    const end = text.indexOf('\nendobj\n', offset);
    if (end < 0) fail(`object ${id} has no endobj`);
    objects.set(id, text.slice(offset + opening.length, end));
  }

  const rootId = Number(/\/Root (\d+) 0 R/.exec(trailer)?.[1] ?? fail('no /Root'));
  const catalog = objects.get(rootId) ?? fail('catalog missing');
  if (!catalog.includes('/Type /Catalog')) fail('root is not a catalog');
  const pagesId = Number(/\/Pages (\d+) 0 R/.exec(catalog)?.[1] ?? fail('catalog without /Pages'));
  const tree = objects.get(pagesId) ?? fail('page tree missing');
  const count = Number(/\/Count (\d+)/.exec(tree)?.[1] ?? fail('page tree without /Count'));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree)?.[1] ?? fail('no /Kids')).matchAll(/(\d+) 0 R/g)].map((match) => Number(match[1]));
  if (kids.length !== count) fail(`/Count ${count} but ${kids.length} kids`);

  const pages = kids.map((kid) => {
    const dictionary = objects.get(kid) ?? fail(`page ${kid} missing`);
    if (!dictionary.includes('/Type /Page ') || !dictionary.includes(`/Parent ${pagesId} 0 R`)) fail(`object ${kid} is not a page of the tree`);
    const contentId = Number(/\/Contents (\d+) 0 R/.exec(dictionary)?.[1] ?? fail('page without /Contents'));
    const stream = objects.get(contentId) ?? fail('content stream missing');
    const parts = /^<< \/Length (\d+) >>\nstream\n([^]*)\nendstream$/.exec(stream) ?? fail('content stream shape');
    const content = parts[2]!;
    if (content.length !== Number(parts[1])) fail(`/Length ${parts[1]} but the stream has ${content.length} bytes`);
    return { dictionary, content, strings: tjStrings(content) };
  });
  return { text, objects, pageCount: count, pages, trailer };
}

/** Every string drawn on the page, joined by newlines. */
export function pageText(pdf: InspectedPdf, pageIndex: number): string {
  return (pdf.pages[pageIndex] ?? fail(`no page ${pageIndex}`)).strings.join('\n');
}

export function allText(pdf: InspectedPdf): string {
  return pdf.pages.map((page) => page.strings.join('\n')).join('\n');
}
