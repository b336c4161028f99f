import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { appOrigin } from './support/customers.ts';
import { renderReachablePages, writePages } from './support/reachable-pages.ts';

/**
 * Valid HTML on every page a customer can reach: the W3C Nu HTML Checker (vnu-jar from npm, on
 * Debian's default JRE) over the pages as the server renders them, errors only. One JVM checks
 * every file at once (a JVM start costs seconds). Old and text browsers recover from invalid
 * markup each in their own way; valid markup is the one thing they all read alike.
 */
const vnu = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

function javaMissing(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
}

type NuMessage = { type: string; url: string; lastLine?: number; message: string; extract?: string };

test('every reachable page passes the Nu HTML Checker with no errors', async ({ browser, javaScriptEnabled }, testInfo) => {
  test.skip(!javaScriptEnabled, 'The server renders the same HTML for both projects: one run is enough');
  test.skip(javaMissing(), 'java is not installed (.ci/run installs default-jre-headless): the Nu HTML Checker cannot run');
  test.setTimeout(90_000);

  const pages = await renderReachablePages(browser, testInfo.project.use.baseURL ?? appOrigin());
  const folder = writePages(pages, 'bank-html-');
  if (process.env.E2E_KEEP_DATA) console.log(`Pages kept in ${folder}`);
  try {
    const files = pages.map((page) => path.join(folder, `${page.name}.html`));
    // vnu exits 1 when it finds errors; its JSON report is on stderr either way.
    const run = await promisify(execFile)('java', ['-Xss4m', '-jar', vnu, '--errors-only', '--format', 'json', ...files], { maxBuffer: 32 * 1024 * 1024, timeout: 60_000 }).catch(
      (failure: { stderr?: string; code?: number }) => ({ stderr: failure.stderr ?? '', code: failure.code }),
    );
    const report = JSON.parse(run.stderr || '{"messages":[]}') as { messages: NuMessage[] };
    const errors = report.messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map((message) => `${path.basename(decodeURIComponent(message.url ?? ''))}:${message.lastLine ?? '?'}: ${message.message}${message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`);
    expect(pages.length, 'pages checked').toBeGreaterThanOrEqual(40);
    expect(errors, `Nu HTML Checker errors over ${pages.length} pages:\n${errors.join('\n')}`).toEqual([]);
  } finally {
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(folder, { recursive: true, force: true });
  }
});
