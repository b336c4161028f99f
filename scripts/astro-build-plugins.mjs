// Five Vite plugins for the build (astro.config.mjs): each rewrites one piece of Astro's own
// code that costs the server work on every request for an answer that never changes, or memory
// for something it never uses. Each stops the build when the code it rewrites is no longer there
// (an Astro upgrade), rather than silently paying again. Tested in astro-build-plugins.test.ts.

/**
 * A plugin that rewrites one file of astro/dist (`file`, as 'core/encryption.js') before Vite
 * bundles it, with `rewrite(code, fail)`; every other module is left alone. `fail(what)` stops
 * the build: "astro/dist/<file> <what>: update <name> in astro.config.mjs".
 * @param {string} name the exported function's name
 * @param {string} file
 * @param {(code: string, fail: (what: string) => never) => string} rewrite
 * @returns {import('vite').Plugin}
 */
function rewriteAstroFile(name, file, rewrite) {
  const ending = `/astro/dist/${file}`;
  return {
    name: `bank:${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
    enforce: 'pre',
    transform(code, id) {
      if (!(id.split('?')[0] ?? id).replaceAll('\\', '/').endsWith(ending)) return null;
      return rewrite(code, (what) => this.error(`astro/dist/${file} ${what}: update ${name} in astro.config.mjs`));
    },
  };
}

/**
 * Astro hashes every inline script and style of a page for the CSP header on every request, with
 * crypto.subtle.digest: a trip through libuv's thread pool per script. The texts are the same on
 * every render (the app's inline scripts carry no per-request data), so their hashes are kept:
 * at most 256 (a text never seen before is still hashed, and kept only while there is room).
 * The hashing measured ~5–7 % of a page render (docs/decisions/013-render-and-memory-costs.md). If Astro's function changes shape
 * the build stops here, rather than silently hashing per request again.
 * @returns {import('vite').Plugin}
 */
export function memoiseCspDigests() {
  const signature = 'async function generateCspDigest(data, algorithm) {';
  return rewriteAstroFile('memoiseCspDigests', 'core/encryption.js', (code, fail) => {
    if (!code.includes(signature)) fail(`no longer has "${signature}"`);
    return code.replace(
      signature,
      [
        'const bankCspDigests = new Map();',
        'async function generateCspDigest(data, algorithm) {',
        '  const key = `${algorithm}\\u0000${data}`;',
        '  const kept = bankCspDigests.get(key);',
        '  if (kept !== undefined) return kept;',
        '  const made = await generateCspDigestOnce(data, algorithm);',
        '  if (bankCspDigests.size < 256) bankCspDigests.set(key, made);',
        '  return made;',
        '}',
        'async function generateCspDigestOnce(data, algorithm) {',
      ].join('\n'),
    );
  });
}

/**
 * Astro asks for a route's module with a dynamic import() on every request (pageMap's
 * `() => import(…)`). Node answers a module it has already loaded, but only after resolving the
 * specifier and looking up its module job: ~3.5 % of the server's CPU per API transfer (docs/decisions/013-render-and-memory-costs.md;
 * a CPU profile at 16 clients). Here the module each route's import gave is kept, keyed by that
 * import function, so a route pays the import() once per process. A failed import is not kept
 * (the next request tries again, as before). If Astro's function changes shape the build stops
 * here, rather than silently importing per request again.
 * @returns {import('vite').Plugin}
 */
export function keepPageModules() {
  const signature = 'return await importComponentInstance();';
  return rewriteAstroFile('keepPageModules', 'core/environment/production.js', (code, fail) => {
    if (!code.includes(signature)) fail(`no longer has "${signature}"`);
    return (
      'const bankPageModules = new Map();\n' +
      code.replace(
        signature,
        [
          'const kept = bankPageModules.get(importComponentInstance);',
          '    if (kept !== undefined) return kept;',
          '    const loaded = await importComponentInstance();',
          '    bankPageModules.set(importComponentInstance, loaded);',
          '    return loaded;',
        ].join('\n'),
      )
    );
  });
}

/**
 * Astro's logger makes an Intl.DateTimeFormat when its module loads, for the clock it prints
 * before a message in development. Making one reads ~5 MiB of ICU's data out of the `node`
 * binary, resident in the server process from then on (200 signed-in sessions peaked
 * at ~150 MiB against a 150 MiB target); the server's own dates need no Intl
 * (src/i18n/month-names.ts). Here the formatter is made the first time the logger prints a clock,
 * which a production server never does. If Astro's line changes the build stops here.
 * @returns {import('vite').Plugin}
 */
export function lazyLoggerClock() {
  const signature = 'const dateTimeFormat = new Intl.DateTimeFormat(';
  return rewriteAstroFile('lazyLoggerClock', 'core/logger/core.js', (code, fail) => {
    const start = code.indexOf(signature);
    // The statement's end: its options are one flat object literal.
    const end = start < 0 ? -1 : code.indexOf('});', start);
    if (start < 0 || end < 0) fail(`no longer has "${signature}…});"`);
    return (
      code.slice(0, start) +
      'let bankLoggerClock;\n' +
      'const dateTimeFormat = { format: (date) => (bankLoggerClock ??= bankLoggerClockMade()).format(date) };\n' +
      'function bankLoggerClockMade() {\n  return new Intl.DateTimeFormat(' +
      code.slice(start + signature.length, end) +
      '});\n}' +
      code.slice(end + '});'.length)
    );
  });
}

/**
 * Astro orders its routes when the server starts, comparing their static segments and, last of
 * all, their paths with `localeCompare`: the collation reads ~2 MiB of ICU's data into the
 * process for good. Here they are compared as text, code unit by code unit. The order
 * of two routes only decides which one answers a path when both can match it: two static
 * segments that differ never match the same path, and two routes of the same shape (the only
 * ones the last comparison orders that could) are refused by astro-build-plugins.test.ts, which
 * reads src/pages. If Astro's comparisons change the build stops here.
 * @returns {import('vite').Plugin}
 */
export function ordinalRouteOrder() {
  const comparisons = ['aContent.localeCompare(bContent)', 'a.route.localeCompare(b.route)'];
  return rewriteAstroFile('ordinalRouteOrder', 'core/routing/priority.js', (code, fail) => {
    let out = code;
    for (const comparison of comparisons) {
      if (!out.includes(comparison)) fail(`no longer has "${comparison}"`);
      const [left, right] = comparison.split('.localeCompare(');
      out = out.replace(comparison, `bankOrdinal(${left}, ${right}`);
    }
    if (out.includes('localeCompare')) fail('compares with localeCompare in a new place');
    return 'const bankOrdinal = (a, b) => (a < b ? -1 : a > b ? 1 : 0);\n' + out;
  });
}

/**
 * Astro writes `<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>` into
 * the body just before a page's first island, which is invalid HTML (a <style> in the body must
 * be its parent's first child) and one more inline style for the CSP header to carry. The same
 * rule is in src/styles/global.css, which every page links in its <head>, so Astro's copy is
 * dropped here. If Astro's function changes shape the build stops here.
 * @returns {import('vite').Plugin}
 */
export function islandStylesInCss() {
  const signature = 'return `<style>${ISLAND_STYLES}</style><script>';
  return rewriteAstroFile('islandStylesInCss', 'runtime/server/scripts.js', (code, fail) => {
    if (!code.includes(signature)) fail(`no longer has "${signature}"`);
    return code.replace(signature, 'return `<script>');
  });
}
