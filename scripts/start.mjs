// npm start: build when the sources are newer than the build, then serve the built app with the
// Node server (src/server/node/start.ts: WORKERS processes on one port).
// Settings come from the environment, then ./.env (scripts/load-env.mjs). The server checks them,
// migrates the database and, on the embedded SQLite database's first start, seeds the demo
// customer, all before it listens.
import './node-version.mjs';
import './load-env.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtNodeServer } from './built-node-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = [path.join(root, 'dist/server/entry.mjs'), path.join(root, 'dist/server/node/start.mjs')];

function newestMtime(dir) {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'public')), fs.statSync(path.join(root, 'astro.config.mjs')).mtimeMs) >
  Math.min(...built.map((file) => fs.statSync(file).mtimeMs));

if (!built.every((file) => fs.existsSync(file)) || sourcesChanged()) {
  console.log('Building the app (first start, or the sources changed)…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// After the build, which writes it: this process replaces itself once with its memory settings
// (and runs this file again, finding the build current).
(await builtNodeServer('process-tuning')).retuneProcess();
await (await builtNodeServer('start')).start(fileURLToPath(new URL('./serve.mjs', import.meta.url)));
