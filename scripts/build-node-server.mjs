// An Astro integration: after the build, compiles the Node server (src/server/node/: listening,
// admission, draining, static files, the cluster) into dist/server/node/, beside Astro's bundle.
// TypeScript is compiled here, once, rather than stripped by Node at every start: Node's type
// stripping loads a WebAssembly compiler that keeps ~17 MiB of RSS in every server process.
// The Node server imports the app only as types (the architecture test holds it to that), so the
// app itself is loaded once, from Astro's bundle.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const source = new URL('../src/server/node/', import.meta.url);
/** What scripts/serve.mjs and scripts/start.mjs import from dist/server/node/. */
export const nodeServerEntries = ['main', 'start', 'process-tuning'];

export async function buildNodeServer(outDir) {
  await build({
    input: Object.fromEntries(nodeServerEntries.map((name) => [name, fileURLToPath(new URL(`${name}.ts`, source))])),
    platform: 'node',
    // Packages stay where npm put them; only the server's own modules are compiled in.
    external: [...builtinModules, /^node:/, 'sirv'],
    // No tree-shaking and no minifier (its default is a pass of dead-code elimination): the
    // server's code runs as written. Either of them took `decodeURI(url)` inside a try for a call
    // without effects and dropped it, which let undecodable URLs through (undecodable-url.ts).
    treeshake: false,
    logLevel: 'warn',
    output: { dir: outDir, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs', minify: false },
  });
}

export default function nodeServer() {
  let outDir;
  return {
    name: 'node-server',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(new URL('./server/node/', config.outDir));
      },
      'astro:build:done': async ({ logger }) => {
        await buildNodeServer(outDir);
        logger.info(`compiled the Node server into ${outDir}`);
      },
    },
  };
}
