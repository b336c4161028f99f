import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers point one way (docs/STYLE.md): the banking core never reaches up into pages, islands or stores;
 * only the connection registers migrations; nothing the browser loads imports the server, the catalogues or
 * Node, directly or through lib (docs/decisions/021-what-the-browser-may-load.md); and no module imports
 * itself through others. Every .ts/.tsx/.astro under src is read and its relative imports resolved.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Static imports, re-exports, side-effect imports and dynamic imports with a literal specifier. */
const importPattern = /(?:\bimport|\bexport)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"\n]+)['"]|\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Comments are dropped first so an example in a comment is not an import. */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export function importSpecifiers(text: string): string[] {
  return [...stripComments(text).matchAll(importPattern)].map((match) => (match[1] ?? match[2])!);
}

/**
 * The imports that load a module when this one runs: every one but `import type` and `export type`. An
 * `import { type A }` counts: under verbatimModuleSyntax its module is still loaded.
 */
export function runtimeSpecifiers(text: string): string[] {
  return [...stripComments(text).matchAll(importPattern)].filter((match) => !/^(?:import|export)\s+type\s/.test(match[0])).map((match) => (match[1] ?? match[2])!);
}

function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
const files = sourceFiles(src);
const graph = new Map<string, string[]>(
  files.map((file) => [
    rel(file),
    importSpecifiers(fs.readFileSync(file, 'utf8'))
      .map((specifier) => resolveRelative(file, specifier))
      .filter((target): target is string => target !== null)
      .map(rel),
  ]),
);

/**
 * Value imports only, relative ones resolved to files and bare ones kept as written (`node:fs`, `pg`): what
 * a module makes the bundler load.
 */
const loadGraph = new Map<string, string[]>(
  files.map((file) => [rel(file), runtimeSpecifiers(fs.readFileSync(file, 'utf8')).map((specifier) => (specifier.startsWith('.') ? rel(resolveRelative(file, specifier)!) : specifier))]),
);

/** Packages that only run on the server (a driver, the query builder, mail, the PDF writer and its fonts). */
const serverPackages = new Set(['pg', 'kysely', 'nodemailer', 'pdfkit', 'fontkit', '@expo-google-fonts/noto-sans']);

/**
 * What the browser must never load: the server; translate.ts and the catalogues it holds (all five
 * languages: a page hands an island its few words instead); what only renders on the server (pages,
 * layouts, components, the middleware); Node's own modules and the server's packages.
 */
export function serverOnly(target: string): boolean {
  if (!target.startsWith('src/')) return target.startsWith('node:') || serverPackages.has(target.split('/').slice(0, target.startsWith('@') ? 2 : 1).join('/'));
  return (
    target.startsWith('src/server/') ||
    target === 'src/i18n/translate.ts' ||
    target.startsWith('src/i18n/messages/') ||
    /^src\/(pages|layouts|components)\//.test(target) ||
    target === 'src/middleware.ts'
  );
}

/**
 * Each module of `from` that loads server-only code, directly or through other modules (lib, i18n…), with
 * the chain of imports that gets there: `src/islands/A.tsx → src/lib/b.ts → src/i18n/translate.ts`.
 */
export function serverOnlyLoads(imports: Map<string, string[]>, from: (file: string) => boolean): string[] {
  const chains: string[] = [];
  for (const start of [...imports.keys()].filter(from).sort()) {
    const reachedFrom = new Map<string, string | null>([[start, null]]);
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const next of imports.get(file) ?? []) {
        if (reachedFrom.has(next)) continue;
        reachedFrom.set(next, file);
        if (serverOnly(next)) {
          const chain = [next];
          for (let at: string | null = file; at !== null; at = reachedFrom.get(at)!) chain.unshift(at);
          chains.push(chain.join(' → '));
        } else queue.push(next);
      }
    }
  }
  return chains;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('src/server/testing/');
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

/** Strongly connected components with more than one file (or a file importing itself): the import cycles. */
export function findCycles(imports: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of imports.get(node) ?? []) {
      if (!imports.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (imports.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of imports.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('the import graph', () => {
  it('reads the imports it is meant to check', () => {
    expect(importSpecifiers(`import a from './a.ts';\nimport type { B } from "../b.ts";\nexport { c } from './c.ts';\nimport './d.css';\nconst e = await import('./e.ts');\n// import x from './commented.ts'`)).toEqual([
      './a.ts',
      '../b.ts',
      './c.ts',
      './d.css',
      './e.ts',
    ]);
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(runtimeSpecifiers(`import a from './a.ts';\nimport type { B } from './b.ts';\nimport { type C } from './c.ts';\nexport type { D } from './d.ts';\nexport { e } from './e.ts';\nconst f = await import('./f.ts');`)).toEqual(['./a.ts', './c.ts', './e.ts', './f.ts']);
    const island = (file: string) => file.startsWith('src/islands/');
    expect(
      serverOnlyLoads(
        new Map([
          ['src/islands/A.tsx', ['react', 'src/lib/b.ts']],
          ['src/lib/b.ts', ['zod', 'src/lib/c.ts']],
          ['src/lib/c.ts', ['src/i18n/translate.ts']],
          ['src/islands/D.tsx', ['node:fs', 'src/server/core/e.ts', 'src/i18n/said-patterns.ts']],
          ['src/islands/F.tsx', ['src/lib/b.ts', 'src/i18n/messages/en.ts', 'pdfkit', '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf']],
        ]),
        island,
      ),
    ).toEqual([
      'src/islands/A.tsx → src/lib/b.ts → src/lib/c.ts → src/i18n/translate.ts',
      'src/islands/D.tsx → node:fs',
      'src/islands/D.tsx → src/server/core/e.ts',
      'src/islands/F.tsx → src/i18n/messages/en.ts',
      'src/islands/F.tsx → pdfkit',
      'src/islands/F.tsx → @expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
      'src/islands/F.tsx → src/lib/b.ts → src/lib/c.ts → src/i18n/translate.ts',
    ]);
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/middleware.ts')?.length).toBeGreaterThan(0);
  });

  it('keeps the banking core from depending on pages, islands, stores or their components', () => {
    const crossings = edges.filter(({ from, to }) => from.startsWith('src/server/core/') && /^src\/(pages|islands|stores|components|layouts)\//.test(to));
    expect(crossings).toEqual([]);
  });

  it('keeps src/server out of islands, stores and lib (code the browser loads)', () => {
    const crossings = edges.filter(({ from, to }) => /^src\/(islands|stores|lib)\//.test(from) && to.startsWith('src/server/'));
    expect(crossings).toEqual([]);
  });

  it('lets pages, components and the server take only island components from src/islands, not an island’s logic', () => {
    // What both an island and the server need (an intent, an address) lives in src/lib; an island file named in lower case is the islands' own kit.
    const crossings = edges.filter(({ from, to }) => !from.startsWith('src/islands/') && to.startsWith('src/islands/') && !/^src\/islands\/[A-Z]\w*\.tsx$/.test(to));
    expect(crossings).toEqual([]);
  });

  it('keeps lib loadable in the browser: no module of it loads the server, a catalogue or Node, directly or through another', () => {
    expect(serverOnlyLoads(loadGraph, (file) => file.startsWith('src/lib/') && !isTest(file))).toEqual([]);
  });

  it('lets no island or store load server-only code, directly or through lib or i18n', () => {
    expect(serverOnlyLoads(loadGraph, (file) => /^src\/(islands|stores)\//.test(file) && !isTest(file))).toEqual([]);
  });

  it('keeps the configuration, the core, the jobs, the database and the integrations below the HTTP edge', () => {
    const crossings = edges.filter(
      ({ from, to }) => !isTest(from) && (from === 'src/server/config.ts' || /^src\/server\/(core|jobs|db|integrations|net)\//.test(from)) && to.startsWith('src/server/http/'),
    );
    expect(crossings).toEqual([]);
  });

  it('keeps the job queue and the database layer out of the ledger', () => {
    const crossings = edges.filter(({ from, to }) => !isTest(from) && /^src\/server\/(jobs|db)\//.test(from) && to.startsWith('src/server/core/ledger/'));
    expect(crossings).toEqual([]);
  });

  it('lets only the connection import the migrations', () => {
    const crossings = edges.filter(
      ({ from, to }) =>
        to.startsWith('src/server/db/migrations/') && !isTest(from) && from !== 'src/server/db/connection.ts' && !from.startsWith('src/server/db/migrations/'),
    );
    expect(crossings).toEqual([]);
  });

  it('keeps the Node server apart from the app: at run time it loads its own modules and the few it shares, the app only as types', () => {
    // src/server/node/ is compiled apart from Astro's bundle (scripts/build-node-server.mjs) and reaches the app
    // through the bundle's registration; a module of the app loaded from here would be a second copy of it.
    const shared = ['src/server/json-line.ts', 'src/server/http/accept-encoding.ts', 'src/server/server-process-key.ts'];
    const server = files.filter((file) => (rel(file).startsWith('src/server/node/') || shared.includes(rel(file))) && !isTest(rel(file)));
    expect(server.map(rel)).toContain('src/server/node/main.ts');
    const crossings = server.flatMap((file) =>
      runtimeSpecifiers(fs.readFileSync(file, 'utf8'))
        .map((specifier) => resolveRelative(file, specifier))
        .filter((target): target is string => target !== null)
        .map((target) => ({ from: rel(file), to: rel(target) }))
        .filter(({ to }) => !to.startsWith('src/server/node/') && !shared.includes(to)),
    );
    expect(crossings).toEqual([]);
    expect(runtimeSpecifiers(`import type { A } from './a.ts';\nimport { b, type C } from './b.ts';\nexport type { D } from './d.ts';`)).toEqual(['./b.ts']);
  });

  it('asks the engine one way: db/engine.ts engineOf, from the handle; only the database layer names an adapter or reads the configured kind', () => {
    const askers = files
      .map((file) => ({ file: rel(file), text: stripComments(fs.readFileSync(file, 'utf8')) }))
      .filter(({ file }) => !isTest(file) && file.startsWith('src/server/') && !file.startsWith('src/server/db/'))
      .filter(({ file, text }) => /\b(Postgres|Sqlite)Adapter\b/.test(text) || (/^src\/server\/(core|jobs|integrations|net)\//.test(file) && /\bconfig\.database\.kind\b/.test(text)))
      .map(({ file }) => file);
    expect(askers).toEqual([]);
  });

  it('keeps the money gate engine-agnostic: in core/money only engines/ asks the engine', () => {
    const crossings = edges.filter(({ from, to }) => !isTest(from) && from.startsWith('src/server/core/money/') && !from.startsWith('src/server/core/money/engines/') && to === 'src/server/db/engine.ts');
    expect(crossings).toEqual([]);
  });

  it('has no import cycles', () => {
    expect(findCycles(graph)).toEqual([]);
  });
});
