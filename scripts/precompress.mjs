// An Astro integration: after the build, writes .br and .gz copies of the hashed client assets
// so the Node server (src/server/node/static-files.ts) can send them compressed without
// compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const compressible = new Set(['.js', '.css', '.svg', '.json']);

export function precompressFiles(directory) {
  let files = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !compressible.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    if (content.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    files += 1;
  }
  return files;
}

export default function precompress() {
  return {
    name: 'precompress-assets',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        if (!fs.existsSync(clientDir)) return;
        logger.info(`compressed ${precompressFiles(clientDir)} assets (brotli, gzip)`);
      },
    },
  };
}
