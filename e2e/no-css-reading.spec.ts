import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { expect, test } from '@playwright/test';
import { appOrigin } from './support/customers.ts';
import { renderReachablePages, writePages, type RenderedPage } from './support/reachable-pages.ts';

/**
 * The signed-in pages as a browser without CSS or JavaScript reads them: lynx and w3m, the text
 * browsers, dump each page as text. Each thing is said once, in order, with its words apart;
 * nothing is there that only a script could act on (the idle-timeout warning, copy and print
 * buttons, the delete confirmation's empty modal); the chart's labels are not run together; a
 * number is not run into the date after it; the page's title is its own; and the first link is
 * the skip link to the main content.
 */
const browsers = [
  { name: 'lynx', dump: (file: string) => ['-dump', '-nolist', '-width=200', '-assume_charset=utf-8', '-display_charset=utf-8', file] },
  { name: 'w3m', dump: (file: string) => ['-dump', '-cols', '200', '-I', 'UTF-8', '-O', 'UTF-8', '-T', 'text/html', file] },
] as const;

function installed(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const read = ['dashboard', 'transactions', 'transactions-search', 'beneficiaries', 'receipt-transfer', 'receipt-cable', 'receipt-electricity', 'airtime'] as const;
const months = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
/** Words that are written with a capital inside them: not two words run together. */
const capitalsInside = /WhatsApp|GOtv|DStv|StarTimes|GTBank|DisCo|JavaScript|kWh/g;

type Node = DefaultTreeAdapterMap['node'];
function elements(node: Node, name: string, found: Node[] = []): Node[] {
  if ('tagName' in node && node.tagName === name) found.push(node);
  const children = 'content' in node ? (node.content as Node & { childNodes: Node[] }).childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) elements(child, name, found);
  return found;
}
const textOf = (node: Node): string => ('value' in node && node.nodeName === '#text' ? String(node.value) : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '');

test('signed-in pages read without CSS or JavaScript say each thing once, apart and in order', async ({ browser, javaScriptEnabled }, testInfo) => {
  test.skip(javaScriptEnabled, 'Text browsers read the served HTML: one run (js-off) is enough');
  const missing = browsers.filter((candidate) => !installed(candidate.name)).map((candidate) => candidate.name);
  test.skip(missing.length === browsers.length, `${missing.join(' and ')} not installed (.ci/run installs them)`);
  test.setTimeout(90_000);

  const pages = (await renderReachablePages(browser, testInfo.project.use.baseURL ?? appOrigin())).filter((page) => (read as readonly string[]).includes(page.name));
  expect(pages.map((page) => page.name).sort()).toEqual([...read].sort());
  const folder = writePages(pages, 'bank-text-');
  const problems: string[] = [];
  try {
    for (const page of pages) {
      const document = parse(page.html);
      const titles = elements(document, 'title');
      // Text browsers name a page by its first <title>, wherever it is (an SVG's too).
      if (titles.length !== 1) problems.push(`${page.name}: ${titles.length} <title> elements (${titles.map(textOf).join(' | ')})`);
      if (!/ · Harmattan Bank$/.test(textOf(titles[0]!))) problems.push(`${page.name}: the title is "${textOf(titles[0]!)}"`);

      for (const reader of browsers) {
        if (missing.includes(reader.name)) continue;
        const text = execFileSync(reader.name, reader.dump(path.join(folder, `${page.name}.html`)), { encoding: 'utf8', env: { ...process.env, TERM: 'dumb' } });
        const say = (what: string) => problems.push(`${page.name} (${reader.name}): ${what}`);
        for (const gone of ['Are you still there', 'Stay signed in', 'Sign out now', 'Copy account number', 'Copy details', 'Copy token', 'Print receipt', 'Yes, delete', 'CloseClose']) {
          if (text.includes(gone)) say(`reads "${gone}"`);
        }
        if (!text.trimStart().startsWith('Skip to main content')) say(`does not start with the skip link: "${text.trimStart().slice(0, 60)}"`);
        if (/Delete \?/.test(text)) say('reads an empty "Delete ?"');
        if (/₦\d+k?₦/.test(text)) say(`runs amounts together: ${/.{0,30}₦\d+k?₦.{0,30}/.exec(text)?.[0]}`);
        const runMonths = new RegExp(`(${months})(${months})`).exec(text);
        if (runMonths) say(`runs month names together: "${runMonths[0]}"`);
        const numberIntoDate = new RegExp(`\\d{3,} ?\\d{0,2} (${months}) \\d{4}`).exec(text);
        if (numberIntoDate) say(`runs a number into a date: "${numberIntoDate[0]}"`);
        for (const line of text.split('\n')) {
          // w3m draws a radio button as "(*)" or "( )" right before its label.
          const glued = /[a-z)0-9][A-Z][a-z]|[A-Z]{3}[A-Z][a-z]/.exec(line.replace(capitalsInside, (word) => word.toLowerCase()).replace(/\([ *]\)/g, ''));
          if (glued) say(`runs words together: "${line.trim().slice(Math.max(0, glued.index - 30), glued.index + 30)}"`);
        }
      }
    }
    const airtime = pages.find((page) => page.name === 'airtime') as RenderedPage;
    const airtimeText = execFileSync('lynx', browsers[0].dump(path.join(folder, `${airtime.name}.html`)), { encoding: 'utf8' });
    // The customer's number starts 0803 (e2e/support/reachable-pages.ts): MTN is chosen already.
    expect(airtimeText).toMatch(/\(\*\) MTN/);
    // The skip link goes to the main content, which holds the page's heading.
    const skip = elements(parse(pages[0]!.html), 'a')[0]!;
    expect('attrs' in skip && skip.attrs.find((attribute) => attribute.name === 'href')?.value).toBe('#main');
    expect(elements(parse(pages[0]!.html), 'main').map((main) => 'attrs' in main && main.attrs.find((attribute) => attribute.name === 'id')?.value)).toEqual(['main']);
  } finally {
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(folder, { recursive: true, force: true });
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
