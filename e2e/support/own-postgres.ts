import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const bin = (() => {
  for (const version of ['17', '16', '15']) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
})();

export const ownPostgresAvailable = bin !== null;

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, another port), for a
 * test that stops or restarts the server: never the shared one other tests use. As root, the
 * cluster is made and run as the `postgres` user (PostgreSQL refuses to run as root).
 */
export async function startOwnPostgres(): Promise<{ url: string; stop(): void; start(): void; remove(): void }> {
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-own-pg-'));
  const port = await freePort('127.0.0.1');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (tool: string, args: string[]) => {
    const command = [path.join(bin, tool), ...args];
    if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ')], { stdio: 'pipe' });
    else execFileSync(command[0]!, command.slice(1), { stdio: 'pipe' });
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-w', '-m', 'fast', 'stop']);
  start();
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'bank']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/bank`,
    stop,
    start,
    remove() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
