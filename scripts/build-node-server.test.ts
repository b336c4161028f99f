import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildNodeServer, nodeServerEntries } from './build-node-server.mjs';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-server-build-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the compiled Node server', () => {
  it('writes each entry the command-line scripts import, with no TypeScript left and the packages left to npm', async () => {
    await buildNodeServer(outDir);
    for (const name of nodeServerEntries) expect(fs.existsSync(path.join(outDir, `${name}.mjs`)), name).toBe(true);
    const code = fs.readdirSync(outDir).map((file) => fs.readFileSync(path.join(outDir, file), 'utf8')).join('\n');
    expect(code).toMatch(/from "sirv"/);
    expect(code).not.toMatch(/import type|: IncomingMessage\b/);
    // Dropped once by the bundler's dead-code pass, which let undecodable URLs reach Astro.
    expect(code).toMatch(/try \{\s*decodeURI\(url\);/);
  });
});
