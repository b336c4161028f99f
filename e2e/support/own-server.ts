import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HOST = '127.0.0.1';

export type OwnServer = { origin: string; dataDir: string; stop(): Promise<void> };

/**
 * The suite's build (`node scripts/serve.mjs`) on a fresh embedded database, for specs that need
 * settings the shared server does not have (the new-browser cap on, device binding on). Until
 * `stop()` the outbox helpers and `appOrigin()` point at it (E2E_DATA_DIR, E2E_ORIGIN); stop puts
 * them back and removes the data. Never the shared PostgreSQL: SQLite in its own directory, or
 * the PostgreSQL the caller names in `settings.DATABASE_URL` (a cluster of its own, own-postgres.ts).
 */
export async function startOwnServer(name: string, settings: Record<string, string>): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bank-${name}-`));
  const port = await freePort(HOST);
  const origin = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, HOST, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'false', REGISTRATIONS_PER_IP: '100000', ...settings };
  if (!settings.DATABASE_URL) delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const output: string[] = [];
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [server.stdout!, server.stderr!]) stream.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the ${name} server exited:\n${output.join('\n')}`);
    const healthy = await fetch(`${origin}/api/health`).then((answer) => answer.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      server.kill('SIGKILL');
      throw new Error(`the ${name} server never answered:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const saved = { dataDir: process.env.E2E_DATA_DIR, origin: process.env.E2E_ORIGIN };
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ORIGIN = origin;
  return {
    origin,
    dataDir,
    async stop() {
      if (saved.dataDir === undefined) delete process.env.E2E_DATA_DIR;
      else process.env.E2E_DATA_DIR = saved.dataDir;
      if (saved.origin === undefined) delete process.env.E2E_ORIGIN;
      else process.env.E2E_ORIGIN = saved.origin;
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
