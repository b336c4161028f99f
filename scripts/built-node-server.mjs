// For scripts/serve.mjs and scripts/start.mjs: a module of the compiled Node server
// (dist/server/node/, written by the build: scripts/build-node-server.mjs). Without a build, the
// start stops with the server's own JSON line saying so.
export async function builtNodeServer(name) {
  try {
    return await import(new URL(`../dist/server/node/${name}.mjs`, import.meta.url).href);
  } catch (error) {
    // Only on this way out is TypeScript loaded straight from src (json-line.ts, the one line writer).
    const { writeJsonLine } = await import('../src/server/json-line.ts');
    writeJsonLine('error', 'startup.failed', { variable: 'dist', reason: `the built server could not be loaded (${error instanceof Error ? error.message : String(error)}); build it with npm run build` });
    process.exit(1);
  }
}
