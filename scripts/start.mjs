// npm start: build when the sources are newer than the build, then serve the built app
// (scripts/serve.mjs: Astro's handler plus precompressed assets).
// Settings come from the environment, then ./.env (scripts/load-env.mjs). serve.mjs checks them,
// migrates the database and, on the embedded SQLite database's first start, seeds the demo
// customer, all before it listens.
import './node-version.mjs';
import './malloc-env.mjs';
import './load-env.mjs';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist/server/entry.mjs');

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
  fs.statSync(entry).mtimeMs;

if (!fs.existsSync(entry) || sourcesChanged()) {
  console.log('Building the app (first start, or the sources changed)…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
process.env.NODE_ENV ??= 'production';
// WORKERS=N on PostgreSQL: N server processes on the one port (scripts/cluster.mjs). Otherwise
// this process serves; serve.mjs refuses WORKERS above 1 on SQLite with its own message.
const workers = Number(process.env.WORKERS ?? '1');
if (Number.isInteger(workers) && workers > 1 && workers <= 64 && process.env.DATABASE_URL) {
  const { runCluster } = await import('./cluster.mjs');
  await runCluster(workers, fileURLToPath(new URL('./serve.mjs', import.meta.url)));
} else {
  await import('./serve.mjs');
}

const url = `http://${process.env.HOST === '0.0.0.0' ? '127.0.0.1' : process.env.HOST}:${process.env.PORT}`;
for (let attempt = 0; attempt < 50; attempt += 1) {
  try {
    const response = await fetch(`${url}/api/health`);
    if (response.ok) {
      console.log(`Ready: ${url}  (health: ${JSON.stringify(await response.json())})`);
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
