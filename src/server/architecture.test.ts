import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers point one way (docs/STYLE.md): the banking core never reaches up into pages, islands or stores;
 * only the connection registers migrations; nothing the browser loads imports the server; and no module
 * imports itself through others. Every .ts/.tsx/.astro under src is read and its relative imports resolved.
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

/** The imports that load a module when this one runs: every one but `import type` and `export type`. */
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

  it('has no import cycles', () => {
    expect(findCycles(graph)).toEqual([]);
  });
});
