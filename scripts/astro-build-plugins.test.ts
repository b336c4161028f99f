import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { islandStylesInCss, keepPageModules, lazyLoggerClock, memoiseCspDigests, ordinalRouteOrder } from './astro-build-plugins.mjs';

type Plugin = { transform: (this: { error: (message: string) => never }, code: string, id: string) => string | null };
const context = { error: (message: string): never => { throw new Error(message); } };
const astroDist = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist');

/** Runs the plugin's transform on `code` as if it were Astro's file at `relative` (under astro/dist). */
function transformed(plugin: Plugin, relative: string, code: string): string | null {
  return plugin.transform.call(context, code, path.join(astroDist, relative));
}

describe('keepPageModules (a route module imported once per process)', () => {
  const plugin = keepPageModules() as unknown as Plugin;
  const file = 'core/environment/production.js';

  it("still finds its line in the installed Astro's production.js, and leaves other files alone", () => {
    const code = fs.readFileSync(path.join(astroDist, file), 'utf8');
    expect(transformed(plugin, file, code)).toContain('bankPageModules.get(importComponentInstance)');
    expect(transformed(plugin, 'core/app/index.js', code)).toBeNull();
  });

  it('stops the build when the line is gone (an Astro upgrade), instead of importing per request again', () => {
    expect(() => transformed(plugin, file, 'async function getModuleForRoute() { return importIt(); }')).toThrow(/keepPageModules/);
  });

  it('imports a route once however often it is asked for; a failed import is tried again, not kept', async () => {
    const shape = 'async function getModuleForRoute(manifest, route) {\n  const importComponentInstance = manifest.pageMap.get(route);\n  return await importComponentInstance();\n}';
    const getModuleForRoute = new Function(`${transformed(plugin, file, shape)}\nreturn getModuleForRoute;`)() as (manifest: unknown, route: string) => Promise<unknown>;
    let imports = 0;
    let failNext = true;
    const moduleA = { page: () => 'a' };
    const manifest = {
      pageMap: new Map<string, () => Promise<unknown>>([
        ['a', async () => { imports += 1; return moduleA; }],
        ['flaky', async () => { if (failNext) { failNext = false; throw new Error('disk hiccup'); } return { page: () => 'flaky' }; }],
      ]),
    };
    expect(await getModuleForRoute(manifest, 'a')).toBe(moduleA);
    expect(await getModuleForRoute(manifest, 'a')).toBe(moduleA);
    expect(await Promise.all([getModuleForRoute(manifest, 'a'), getModuleForRoute(manifest, 'a')])).toEqual([moduleA, moduleA]);
    expect(imports).toBe(1);
    await expect(getModuleForRoute(manifest, 'flaky')).rejects.toThrow('disk hiccup');
    expect(await getModuleForRoute(manifest, 'flaky')).toMatchObject({ page: expect.any(Function) });
  });
});

describe('memoiseCspDigests (an inline script hashed once)', () => {
  const plugin = memoiseCspDigests() as unknown as Plugin;
  const file = 'core/encryption.js';

  it("still finds its line in the installed Astro's encryption.js", () => {
    const code = fs.readFileSync(path.join(astroDist, file), 'utf8');
    expect(transformed(plugin, file, code)).toContain('bankCspDigests.get(key)');
  });

  it('hashes a text once, and each text and algorithm apart', async () => {
    const shape = 'async function generateCspDigest(data, algorithm) {\n  calls.push(data);\n  return `${algorithm}:${data.length}`;\n}';
    const calls: string[] = [];
    const digest = new Function('calls', `${transformed(plugin, file, shape)}\nreturn generateCspDigest;`)(calls) as (data: string, algorithm: string) => Promise<string>;
    expect(await digest('abc', 'SHA-256')).toBe('SHA-256:3');
    expect(await digest('abc', 'SHA-256')).toBe('SHA-256:3');
    expect(await digest('abc', 'SHA-384')).toBe('SHA-384:3');
    expect(await digest('abcd', 'SHA-256')).toBe('SHA-256:4');
    expect(calls).toEqual(['abc', 'abc', 'abcd']);
  });
});

describe('lazyLoggerClock (no Intl formatter until the logger prints a clock)', () => {
  const plugin = lazyLoggerClock() as unknown as Plugin;
  const file = 'core/logger/core.js';

  it("still finds its statement in the installed Astro's logger, and leaves other files alone", () => {
    const code = fs.readFileSync(path.join(astroDist, file), 'utf8');
    const out = transformed(plugin, file, code)!;
    expect(out).toContain('bankLoggerClock ??= bankLoggerClockMade()');
    expect(out).not.toMatch(/const dateTimeFormat = new Intl/);
    // Only the statement changed: the rest of the module is as it was.
    expect(out.length - code.length).toBeLessThan(250);
    expect(transformed(plugin, 'core/app/index.js', code)).toBeNull();
  });

  it('stops the build when the statement is gone (an Astro upgrade)', () => {
    expect(() => transformed(plugin, file, 'const clock = new Intl.DateTimeFormat([], {});')).toThrow(/lazyLoggerClock/);
  });

  it('makes the formatter on first use only, once, and formats as the one it replaces', () => {
    const shape = 'const dateTimeFormat = new Intl.DateTimeFormat([], {\n  hour: "2-digit",\n  minute: "2-digit",\n  second: "2-digit",\n  hour12: false\n});\nconst after = 1;';
    const made: unknown[] = [];
    const CountingFormat = class extends Intl.DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made.push(args);
      }
    };
    const module = new Function('Intl', `${transformed(plugin, file, shape)}\nreturn { dateTimeFormat, after };`)({ DateTimeFormat: CountingFormat }) as { dateTimeFormat: Intl.DateTimeFormat; after: number };
    expect(module.after).toBe(1);
    expect(made).toHaveLength(0);
    const at = new Date('2026-11-29T09:05:07Z');
    const original = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
    expect(module.dateTimeFormat.format(at)).toBe(original.format(at));
    expect(module.dateTimeFormat.format(at)).toBe(original.format(at));
    expect(made).toHaveLength(1);
  });
});

describe('ordinalRouteOrder (routes ordered without a collation)', () => {
  const plugin = ordinalRouteOrder() as unknown as Plugin;
  const file = 'core/routing/priority.js';

  it("still finds both comparisons in the installed Astro's priority.js, and leaves no localeCompare", () => {
    const code = fs.readFileSync(path.join(astroDist, file), 'utf8');
    const out = transformed(plugin, file, code)!;
    expect(out.match(/bankOrdinal\(/g)).toHaveLength(2);
    expect(out).not.toContain('localeCompare');
    expect(transformed(plugin, 'core/routing/router.js', code)).toBeNull();
  });

  it('stops the build when a comparison is gone or a new one appears (an Astro upgrade)', () => {
    expect(() => transformed(plugin, file, 'function routeComparator(a, b) { return a.route.localeCompare(b.route); }')).toThrow(/ordinalRouteOrder/);
    expect(() => transformed(plugin, file, 'aContent.localeCompare(bContent); a.route.localeCompare(b.route); x.localeCompare(y);')).toThrow(/new place/);
  });

  it('orders as text: upper case before lower, punctuation by its code', () => {
    const compare = new Function(`${transformed(plugin, file, 'function cmp(aContent, bContent) { return aContent.localeCompare(bContent); }\nfunction last(a, b) { return a.route.localeCompare(b.route); }')}\nreturn cmp;`)() as (a: string, b: string) => number;
    expect(['b', 'B', 'a', '_a', 'a-b'].sort(compare)).toEqual(['B', '_a', 'a', 'a-b', 'b']);
    expect(compare('x', 'x')).toBe(0);
  });

  it('no two pages or endpoints of the app have the same shape, so the order of routes never decides which one answers a path', () => {
    const pagesDir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'src', 'pages');
    const routes = (fs.readdirSync(pagesDir, { recursive: true }) as string[]).filter((name) => /\.(astro|ts)$/.test(name) && !name.endsWith('.test.ts'));
    expect(routes.length).toBeGreaterThan(100);
    // /api/v1/requests/[account] and /api/v1/requests/[id] would both answer /api/v1/requests/x: the same shape.
    const shapeOf = (route: string) =>
      route
        .replace(/\.(astro|ts)$/, '')
        .replace(/(^|\/)index$/, '')
        .split(path.sep)
        .map((segment) => segment.replace(/\[\.\.\.[^\]]+\]/g, '[...]').replace(/\[[^\].]+\]/g, '[]'))
        .join('/');
    const byShape = new Map<string, string[]>();
    for (const route of routes) byShape.set(shapeOf(route), [...(byShape.get(shapeOf(route)) ?? []), route]);
    expect([...byShape.values()].filter((same) => same.length > 1)).toEqual([]);
    expect(shapeOf(path.join('api', 'v1', 'requests', '[account].ts'))).toBe(shapeOf(path.join('api', 'v1', 'requests', '[id].ts')));
  });
});

describe('islandStylesInCss (no <style> in the body before the first island)', () => {
  const plugin = islandStylesInCss() as unknown as Plugin;
  const file = 'runtime/server/scripts.js';

  it("still finds its line in the installed Astro's scripts.js, and leaves the scripts in place", () => {
    const code = fs.readFileSync(path.join(astroDist, file), 'utf8');
    const rewritten = transformed(plugin, file, code)!;
    expect(rewritten).not.toContain('<style>');
    expect(rewritten).toContain('return `<script>${getDirectiveScriptText(result, directive)}</script><script>');
    expect(transformed(plugin, 'runtime/server/render/common.js', code)).toBeNull();
  });

  it('stops the build when the line is gone (an Astro upgrade)', () => {
    expect(() => transformed(plugin, file, 'function getPrescripts() { return ""; }')).toThrow(/islandStylesInCss/);
  });

  it('the rule Astro wrote is in the global stylesheet instead', () => {
    const css = fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'src', 'styles', 'global.css'), 'utf8');
    expect(css).toMatch(/astro-island,\s*astro-slot,\s*astro-static-slot\s*\{\s*display:\s*contents;?\s*\}/);
  });
});
