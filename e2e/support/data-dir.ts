import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's DATA_DIR for this run, made once by playwright.config.ts and handed to the
 * workers through the environment.
 */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests with `npx playwright test` (playwright.config.ts sets it).');
  return dir;
}

export function databaseFile(): string {
  const file = path.join(dataDir(), 'bank.sqlite');
  if (!fs.existsSync(file)) throw new Error(`No database at ${file}: has the server answered a request yet?`);
  return file;
}

export function outboxDir(): string {
  return path.join(dataDir(), 'outbox');
}
