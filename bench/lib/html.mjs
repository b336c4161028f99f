// What a browser would load from an HTML document: its scripts, islands, modulepreloads and
// inline scripts, and the imports of a JavaScript module (regular expressions, not a parser).

function decodeEntities(value) {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x2F;/gi, '/')
    .replace(/&amp;/g, '&');
}

function parseAttributes(source) {
  const attributes = {};
  const pattern = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
  let match;
  while ((match = pattern.exec(source))) {
    attributes[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

const executableScriptTypes = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

/** Script URLs, island URLs, modulepreloads and inline scripts of one HTML document. */
export function scanHtml(html) {
  const found = { scripts: [], islands: [], preloads: [], inline: [] };
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const match of withoutComments.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = parseAttributes(match[1]);
    const type = (attributes.type ?? '').trim().toLowerCase();
    if (!executableScriptTypes.has(type)) continue;
    if (attributes.src) found.scripts.push(attributes.src);
    else if (match[2].trim()) found.inline.push({ module: type === 'module', code: match[2] });
  }
  for (const match of withoutComments.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attributes = parseAttributes(match[1]);
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) if (attributes[name]) found.islands.push(attributes[name]);
  }
  for (const match of withoutComments.matchAll(/<link\b([^>]*)>/gi)) {
    const attributes = parseAttributes(match[1]);
    if ((attributes.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload') && attributes.href) found.preloads.push(attributes.href);
  }
  return found;
}

const staticImportPattern = /(?:\bfrom|\bimport)\s*(["'])([^"'\s]+)\1/g;
const dynamicImportPattern = /\bimport\s*\(\s*(["'])([^"'\s]+)\1\s*\)/g;

export function importsOf(code, base) {
  const resolveSpecifier = (specifier) => {
    if (!/^(\.{1,2}\/|\/|https?:)/.test(specifier)) return null; // bare specifiers do not load in a browser
    try {
      const url = new URL(specifier, base);
      return url.host === new URL(base).host ? url.href : null;
    } catch {
      return null;
    }
  };
  const staticImports = new Set();
  const dynamicImports = new Set();
  // `import("./x.js")` cannot match the static pattern: the character after `import` is `(`.
  for (const match of code.matchAll(staticImportPattern)) {
    const url = resolveSpecifier(match[2]);
    if (url) staticImports.add(url);
  }
  for (const match of code.matchAll(dynamicImportPattern)) {
    const url = resolveSpecifier(match[2]);
    if (url) dynamicImports.add(url);
  }
  return { staticImports: [...staticImports], dynamicImports: [...dynamicImports].filter((url) => !staticImports.has(url)) };
}
