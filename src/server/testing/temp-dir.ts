import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** A fresh empty folder for each test of the describe it is called in, removed after it: call `dir()` inside a test. */
export function tempDirPerTest(prefix: string): () => string {
  let dir: string | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return () => {
    if (!dir) throw new Error('tempDirPerTest: the folder exists only while a test runs');
    return dir;
  };
}
