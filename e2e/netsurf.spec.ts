import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { appOrigin, newCustomer, onboardThroughApi, receiveTransfer } from './support/customers.ts';

/**
 * What NetSurf (no cascade layers, no custom properties, no flexbox or grid, no <details> or
 * <dialog>) shows at 360 px, against committed baselines in e2e/netsurf.spec.ts-snapshots:
 * menus, sheets and dialogs closed, the balance the largest text, buttons drawn as boxes.
 * NETSURF_UPDATE=1 writes the baselines anew. Signed-in pages are fetched with the session
 * cookie and handed to NetSurf as a local copy with <base href> at the server, so NetSurf loads
 * the served CSS and needs no cookie of its own; what differs between runs (account number,
 * reference, times) is replaced in that copy by fixed text.
 */

const snapshots = path.join(import.meta.dirname, 'netsurf.spec.ts-snapshots');
const update = process.env.NETSURF_UPDATE === '1';
// Pixels that may differ (after a 10 % colour fuzz) before a page counts as changed: font
// hinting and anti-aliasing move a few hundred.
const tolerance = 0.01;
const width = 360;
// Tall enough for the dashboard's cards below the fold, where its sheet and dialog would show if open.
const height = 3200;

function installed(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
const missing = ['netsurf-gtk', 'xvfb-run', 'import', 'compare', 'convert'].filter((command) => !installed(command));

/** One NetSurf, one Xvfb: each URL is loaded in turn and the window is captured. */
function capture(pages: { url: string; out: string }[], home: string): void {
  fs.mkdirSync(path.join(home, '.config', 'netsurf'), { recursive: true });
  fs.writeFileSync(path.join(home, '.config', 'netsurf', 'Choices'), [
    'window_x:0', 'window_y:0', `window_width:${width}`, `window_height:${height}`,
    'enable_javascript:0', 'show_single_tab:0', 'animate_images:0', 'history_age:0',
  ].join('\n') + '\n');
  // NetSurf has no "page loaded" signal outside its window: the screen is captured each second
  // until two captures in a row are the same and show more than a blank window (10 s at most).
  // PPM, since a PNG from import carries its time of creation.
  const script = pages.map(({ url, out }) => [
    `HOME='${home}' XDG_CONFIG_HOME='${home}/.config' netsurf-gtk '${url}' >>'${home}/netsurf.log' 2>&1 &`,
    'pid=$!', 'tries=0', `rm -f '${out}.ppm'`,
    'while [ $tries -lt 10 ]; do',
    '  sleep 1',
    `  import -window root '${out}.next.ppm'`,
    `  if [ "$(identify -format %k '${out}.next.ppm')" -gt 16 ] && cmp -s '${out}.ppm' '${out}.next.ppm'; then break; fi`,
    `  mv '${out}.next.ppm' '${out}.ppm'`,
    '  tries=$((tries + 1))',
    'done',
    'kill $pid', 'wait $pid 2>/dev/null',
  ].join('\n')).join('\n') + '\ntrue\n';
  execFileSync('xvfb-run', ['-a', '-s', `-screen 0 ${width}x${height}x24`, 'sh', '-c', script], { timeout: 50_000 });
  // The toolbar (the URL), the status line and the scroll bar are NetSurf's, not the page's.
  for (const { out } of pages) execFileSync('convert', [`${out}.ppm`, '-crop', `${width - 16}x${height - 64}+0+42`, '+repage', out]);
}

function compareWithBaseline(name: string, shot: string): void {
  const baseline = path.join(snapshots, `${name}.png`);
  if (update || !fs.existsSync(baseline)) {
    fs.mkdirSync(snapshots, { recursive: true });
    fs.copyFileSync(shot, baseline);
    if (!update) throw new Error(`${baseline} did not exist: written from this run; look at it, commit it, run again`);
    return;
  }
  const diff = shot.replace(/\.png$/, '-diff.png');
  const result = spawnSync('compare', ['-metric', 'AE', '-fuzz', '10%', baseline, shot, diff], { encoding: 'utf8' });
  // compare writes the count on stderr; it exits 2 when the sizes differ.
  const differing = Number.parseFloat(result.stderr);
  const [w, h] = execFileSync('identify', ['-format', '%w %h', baseline], { encoding: 'utf8' }).split(' ').map(Number);
  const allowed = Math.round(w! * h! * tolerance);
  expect(result.status === 2 ? `sizes differ: ${result.stderr.trim()}` : differing, `${name}: ${shot} against ${baseline} (diff: ${diff})`).toBeLessThanOrEqual(allowed);
}

/** The page's HTML, signed in, made deterministic, with <base> at the server. */
async function localCopy(api: APIRequestContext, pagePath: string, replacements: [string | RegExp, string][], file: string): Promise<string> {
  const response = await api.get(pagePath, { headers: { accept: 'text/html' } });
  expect(response.status(), pagePath).toBe(200);
  let html = await response.text();
  for (const [from, to] of replacements) html = html.replaceAll(from, to);
  html = html.replace(/<time\b([^>]*)>[^<]*<\/time>/g, '<time$1>1 Dec 2026, 09:30</time>');
  html = html.replace(/<head>/i, `<head><base href="${appOrigin()}${pagePath}">`);
  fs.writeFileSync(file, html);
  return `file://${file}`;
}

test.describe('NetSurf at 360 px', () => {
  test.skip(missing.length > 0, `not installed: ${missing.join(', ')} (Debian: netsurf-gtk xvfb xauth imagemagick)`);
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, 'NetSurf runs no JavaScript: one run is enough');

  test('sign-in, dashboard, send money and a receipt are styled, closed and in order', async ({}, testInfo) => {
    test.setTimeout(75_000);
    const baseURL = testInfo.project.use.baseURL ?? appOrigin();
    const make = async (firstName: string, lastName: string) => {
      const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: appOrigin() } });
      return { api, customer: await onboardThroughApi(api, newCustomer({ firstName, lastName })) };
    };
    const [ada, bola] = await Promise.all([make('Adaeze', 'Okafor'), make('Bola', 'Adeyemi')]);
    try {
      await receiveTransfer(ada.api, ada.customer.accountNumber, 12_345_600, 'TUNDE BAKARE');
      const sent = await ada.api.post(`/api/v1/transfer/local/${ada.customer.accountNumber}`, {
        data: { account_number: bola.customer.accountNumber, amount: 250_000, narration: 'Suya', pin: ada.customer.pin },
        headers: { 'idempotency-key': `netsurf-${Date.now()}`, accept: 'application/json' },
      });
      expect(sent.status()).toBe(200);
      const reference = ((await sent.json()) as { data: { reference: string } }).data.reference;

      const dir = testInfo.outputPath('netsurf');
      fs.mkdirSync(dir, { recursive: true });
      const fixed: [string | RegExp, string][] = [
        [ada.customer.accountNumber, '0123456789'],
        [bola.customer.accountNumber, '9876543210'],
        [reference, 'TRF-NETSURF-0001'],
        [ada.customer.email, 'adaeze@example.com'],
        [/Good (morning|afternoon|evening)/g, 'Good morning'],
        // The six-month chart names the months up to this one.
        [/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*( \d{4})?\b/g, 'Mon'],
      ];
      const pages = [
        { name: 'login', url: `${baseURL}/login` },
        { name: 'dashboard', url: await localCopy(ada.api, '/dashboard', fixed, path.join(dir, 'dashboard.html')) },
        { name: 'transfer-send', url: await localCopy(ada.api, '/transfer/send', fixed, path.join(dir, 'transfer-send.html')) },
        { name: 'receipt', url: await localCopy(ada.api, `/transfer/success?reference=${encodeURIComponent(reference)}`, fixed, path.join(dir, 'receipt.html')) },
      ].map((page) => ({ ...page, out: path.join(dir, `${page.name}.png`) }));
      capture(pages, path.join(dir, 'home'));
      for (const page of pages) {
        await testInfo.attach(page.name, { path: page.out, contentType: 'image/png' });
        compareWithBaseline(page.name, page.out);
      }
    } finally {
      await ada.api.dispose();
      await bola.api.dispose();
    }
  });
});
