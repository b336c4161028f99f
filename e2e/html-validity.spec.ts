import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { javaMissing, nuErrors } from './support/nu-checker.ts';
import { appOrigin } from './support/customers.ts';
import { renderReachablePages, writePages } from './support/reachable-pages.ts';

/**
 * Valid HTML on every page a customer can reach: the W3C Nu HTML Checker (vnu-jar from npm, on
 * Debian's default JRE) over the pages as the server renders them, errors only. One JVM checks
 * every file at once (a JVM start costs seconds). Old and text browsers recover from invalid
 * markup each in their own way; valid markup is the one thing they all read alike.
 */

test('every reachable page passes the Nu HTML Checker with no errors', async ({ browser, javaScriptEnabled }, testInfo) => {
  test.skip(!javaScriptEnabled, 'The server renders the same HTML for both projects: one run is enough');
  test.skip(javaMissing(), 'java is not installed (.ci/run installs default-jre-headless): the Nu HTML Checker cannot run');
  test.setTimeout(90_000);

  const pages = await renderReachablePages(browser, testInfo.project.use.baseURL ?? appOrigin());
  const folder = writePages(pages, 'bank-html-');
  if (process.env.E2E_KEEP_DATA) console.log(`Pages kept in ${folder}`);
  try {
    const files = pages.map((page) => path.join(folder, `${page.name}.html`));
    const errors = await nuErrors(files);
    expect(pages.length, 'pages checked').toBeGreaterThanOrEqual(40);
    expect(errors, `Nu HTML Checker errors over ${pages.length} pages:\n${errors.join('\n')}`).toEqual([]);
  } finally {
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(folder, { recursive: true, force: true });
  }
});
