import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures.ts';
import { oldEngineProblems } from './support/old-engine-css.ts';

/**
 * The CSS the server's pages link to, walked for what the engines of package.json's browserslist
 * (and NetSurf) lack where it decides layout, hiding or colour (e2e/support/old-engine-css.ts
 * says which). The pipeline that makes it so is scripts/css/old-engines.mjs. Plain HTTP: one run.
 */

// Tailwind's own output was 6,927 bytes of gzip -9; the fallbacks may add a quarter at most.
const gzipBudgetBytes = Math.floor(6_927 * 1.25);
test.describe('served CSS for old engines', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, 'HTTP only: one run is enough');

  test('every stylesheet the sign-in page uses is readable without layers, custom properties or new colours', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    const hrefs = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/gi)].map((link) => /\bhref="([^"]+)"/.exec(link[0])?.[1]).filter((href): href is string => Boolean(href));
    const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? '');
    expect(hrefs.length, 'the page links a stylesheet').toBeGreaterThan(0);
    const sheets = [...inline];
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      sheets.push(await response.text());
    }
    const gzipBytes = sheets.reduce((sum, css) => sum + gzipSync(css, { level: 9 }).length, 0);
    expect(gzipBytes, `gzip -9 of the page's CSS within ${gzipBudgetBytes} bytes`).toBeLessThanOrEqual(gzipBudgetBytes);
    const problems = sheets.flatMap((css) => oldEngineProblems(css));
    expect(problems, problems.slice(0, 20).join('\n')).toEqual([]);
  });

  test('the check finds what Tailwind writes for new engines only', () => {
    const found = (css: string) => oldEngineProblems(css).length;
    expect(found('@layer utilities { .hidden { display: none } }')).toBeGreaterThan(0);
    expect(found('.text-red { color: oklch(50% .2 27) }')).toBe(1);
    expect(found('.text-red { color: #c00; color: oklch(50% .2 27) }')).toBe(0);
    expect(found('.p-4 { padding: var(--spacing) }')).toBe(1);
    expect(found('.p-4 { padding: 1rem; padding: calc(var(--spacing) * 4) }')).toBe(0);
    expect(found('.bg { background-color: color-mix(in oklab, red 50%, transparent) }')).toBe(1);
    expect(found('.bg { background-color: #ff000080 }')).toBe(1);
    expect(found(':where(.space-y-2 > :not(:last-child)) { margin-top: .5rem }')).toBe(1);
    expect(found('.menu { &:target { display: block } }')).toBeGreaterThan(0);
    expect(found('.sheet { inset: 0 }')).toBe(1);
    expect(found('.ml { margin-inline-start: 1rem }')).toBe(1);
    expect(found('.modal { width: min(28rem, 92vw) }')).toBe(1);
    expect(found('.row { display: flex }')).toBe(1);
    expect(found('.row { display: block; display: flex }')).toBe(0);
    expect(found('@supports (color: color-mix(in lab, red, red)) { .menu { display: none } }')).toBe(1);
    expect(found('@supports (color: color-mix(in lab, red, red)) { .bg { background: color-mix(in lab, red 50%, blue) } }')).toBe(0);
    expect(found('.shadow { box-shadow: var(--tw-shadow) }')).toBe(0);
    expect(found('@media (width >= 40rem) { .sm\\:p-6 { padding: 1.5rem } }')).toBe(1);
    expect(found('@media (min-width: 40rem) { .sm\\:p-6 { padding: 1.5rem } }')).toBe(0);
    expect(found('.offcanvas { translate: -100% 0 }')).toBe(1);
    expect(found('.offcanvas { visibility: hidden; translate: -100% 0 }')).toBe(0);
    expect(found('.card:has(:checked) { display: none }')).toBe(1);
    expect(found('.card:has(:checked) { background-color: #f0fdf4 }')).toBe(0);
    expect(found('.\\[\\&_h2\\]\\:mt-6 h2 { margin-top: 1.5rem }')).toBe(0);
  });
});
