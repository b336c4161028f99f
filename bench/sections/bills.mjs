// Section 5: bill purchases against the sandbox biller, on the servers and databases of section
// 4 (sections/money.mjs runs both): the purchase pages, then airtime through the HTTP API.
import { request, sequentialGets } from '../lib/http.mjs';
import { moneyLoads } from '../lib/money-load.mjs';
import { errorRow, fmt, pct, table } from '../lib/format.mjs';

/** The purchase pages of section 5a; a page that answers 404 (not built yet) is skipped with a note. */
const billPages = ['/artime', '/data/purchase', '/data/purchase?network=mtn', '/bills/electricity', '/bills/cable'];
/** The airtime every purchase of section 5b buys: ₦100 of MTN (kobo, whole naira). */
export const airtimePurchase = { networkId: 'mtn', phoneNumber: '08031234567', amount: 10_000 };

/** Airtime from the sender's account through the sandbox biller; done only when it says 'successful'. */
function airtimeRequest({ networkId, phoneNumber, amount, pin }) {
  const build = (sender) => ({ pathname: `/api/v1/bills/airtime/purchase/${sender.accountNumber}`, body: { network_id: networkId, phone_number: phoneNumber, amount, pin } });
  build.accept = (data) => data?.status === 'successful';
  return build;
}

/** Section 5 on one engine's running server: the purchase pages, then airtime through the API. */
export async function benchBills({ engine, port, plan, options, serverPid, say, runTag }) {
  const bills = { database: null, customer: 'an onboarded tier-3 customer (the first sender of section 4)', pages: {}, api: [], notes: [] };
  const label = `[${engine}] bills`;
  const headers = { accept: 'text/html', cookie: `session=${plan.senders[0].token}` };
  for (const pathname of billPages) {
    const probe = await request({ port, pathname, headers, timeoutMs: 30_000 });
    if (probe.status !== 200) {
      const where = probe.headers.location ? ` → ${probe.headers.location}` : '';
      bills.pages[pathname] = { status: probe.status, location: probe.headers.location ?? null, skipped: true };
      const note = probe.status === 404 ? `${pathname}: HTTP 404 (page not built yet?); not measured` : `${pathname}: HTTP ${probe.status}${where}; not measured`;
      bills.notes.push(note);
      say(`${label} ${note}`);
      continue;
    }
    say(`${label} GET ${pathname}: ${options.pageCalls} sequential calls after 3 warm-up …`);
    const sequential = await sequentialGets({ port, pathname, headers, calls: options.pageCalls, serverPid });
    bills.pages[pathname] = { status: 200, html_bytes: probe.body.length, sequential };
    say(`${label}   p50 ${sequential.p50_ms} ms, p99 ${sequential.p99_ms} ms, ${sequential.non_2xx} not 200`);
  }

  const requestFor = airtimeRequest({ ...airtimePurchase, pin: plan.pin });
  const runs = await moneyLoads(
    { port, senders: plan.senders, requestFor, options, serverPid, keyPrefix: `bench-air-${engine}-${runTag}` },
    (clients) => say(`${label} airtime purchases: ${clients} client${clients === 1 ? '' : 's'}, ${options.transferWarmup} s warm-up + ${options.transferDuration} s …`),
    (run) => say(`${label}   ${run.tps} purchases/s, p50 ${run.p50_ms} ms, p99 ${run.p99_ms} ms; ${run.answered} answered, ${run.non_200} not 200, ${run.not_accepted} 200 but not successful, ${run.errors} errors`),
  );
  for (const run of runs) bills.api.push({ ...run, service: 'airtime', amount: airtimePurchase.amount });
  return bills;
}

/** Section 5's checks on one engine from the database's counts and ledger:verify: sets bills.checks and bills.ok. */
export function checkBills({ bills, counted, verify, engine, say }) {
  const acknowledged = bills.api.reduce((n, run) => n + run.acknowledged, 0);
  const answeredBadly = bills.api.reduce((n, run) => n + run.non_200 + run.not_accepted + run.errors, 0);
  const distinct = bills.api.reduce((n, run) => n + run.distinct_references, 0);
  const pagesNot200 = Object.entries(bills.pages).filter(([, page]) => (page.skipped ? page.status !== 404 : page.sequential.non_2xx > 0)).map(([pathname]) => pathname);
  const airtime = counted.airtime;
  bills.checks = {
    every_page_200: pagesNot200.length === 0,
    pages_not_200: pagesNot200,
    every_answer_200_successful: answeredBadly === 0,
    acknowledged,
    distinct_references: distinct,
    airtime_debits_in_database: airtime.debits,
    airtime_successful_in_database: airtime.successful,
    debited_kobo: airtime.debited,
    expected_kobo: acknowledged * airtimePurchase.amount,
    purchases_pending: airtime.pending_purchases,
    one_debit_per_200: airtime.debits === acknowledged && airtime.successful === acknowledged && distinct === acknowledged && airtime.debited === acknowledged * airtimePurchase.amount && airtime.pending_purchases === 0,
    ledger_verify: verify,
  };
  bills.ok = bills.checks.every_page_200 && bills.checks.every_answer_200_successful && bills.checks.one_debit_per_200 && verify.ok;
  say(`[${engine}] bills checks: ${answeredBadly} answers not 200/successful; ${airtime.debits} airtime debits (${airtime.successful} successful, ${airtime.pending_purchases} pending) in the database for ${acknowledged} 200s; ledger:verify ${verify.ok ? 'OK' : `FAILED (exit ${verify.exit_code})`}`);
}

/** Sections 7–8 of the report: the purchase pages and airtime purchases through the API. */
export function reportBills(bills, money, say) {
  say('\n== 7. Bill purchase pages (signed in, onboarded tier-3 customer, server render, sequential over keep-alive) ==');
  const pageRows = [];
  for (const [engine, result] of Object.entries(bills.engines)) {
    if (result.error) {
      pageRows.push(errorRow(engine, result.error, 11));
      continue;
    }
    for (const [pathname, page] of Object.entries(result.pages)) {
      if (page.skipped) {
        pageRows.push([engine, pathname, `HTTP ${page.status}${page.location ? ` → ${page.location}` : ''}: not measured`, '', '', '', '', '', '', '', '']);
        continue;
      }
      const run = page.sequential;
      pageRows.push([engine, pathname, run.requests, fmt(run.p50_ms), fmt(run.p99_ms), fmt(run.mean_ms), fmt(run.max_ms), fmt(run.rps, 1), run.non_2xx, run.mean_body_bytes, pct(run.cpu_pct_of_one_core?.server_pct)]);
    }
  }
  say(table(['engine', 'page', 'calls', 'p50 ms', 'p99 ms', 'mean ms', 'max ms', 'req/s', 'non-200', 'body B', 'server CPU'], pageRows, ['l', 'l']));

  const { networkId, phoneNumber, amount } = bills.airtime;
  say(`\n== 8. Airtime purchases through the API: POST /api/v1/bills/airtime/purchase/{account} (${networkId.toUpperCase()}, ${phoneNumber}, ₦${fmt(amount / 100, 0)}, sandbox biller) ==`);
  const rows = [];
  for (const [engine, result] of Object.entries(bills.engines)) {
    if (result.error) {
      rows.push(errorRow(engine, result.error, 12));
      continue;
    }
    for (const run of result.api) {
      const transfers = money?.engines?.[engine]?.api?.find((candidate) => candidate.clients === run.clients);
      rows.push([
        engine,
        run.clients,
        fmt(run.tps, 1),
        fmt(run.p50_ms),
        fmt(run.p99_ms),
        fmt(run.mean_ms),
        run.count,
        run.answered,
        run.non_200 + run.not_accepted + run.errors,
        `${pct(run.cpu_pct_of_one_core?.server_pct)} / ${pct(run.cpu_pct_of_one_core?.other_pct)}`,
        fmt(run.cpu_pct_of_one_core?.server_ms_per_request, 1),
        transfers?.tps ? `${fmt((100 * run.tps) / transfers.tps, 0)} %` : '—',
      ]);
    }
  }
  say(table(['engine', 'clients', 'purchases/s', 'p50 ms', 'p99 ms', 'mean ms', 'count', 'answered', 'failed', 'CPU server / other', 'server ms/purchase', 'of transfers/s'], rows, ['l']));
  say('count: purchases inside the measuring window; answered: every answer, warm-up included; failed: not 200, 200 but not successful, or no answer.');
  for (const [engine, result] of Object.entries(bills.engines)) {
    if (result.error) continue;
    const checks = result.checks;
    say(
      `${engine} checks: ${checks.every_page_200 ? 'every page 200' : `PAGES NOT 200: ${checks.pages_not_200.join(', ')}`}; ${checks.every_answer_200_successful ? "every purchase 200 and 'successful'" : 'SOME PURCHASES NOT 200/SUCCESSFUL'}; ` +
        `${checks.airtime_debits_in_database} airtime debits (${checks.airtime_successful_in_database} successful, ${checks.purchases_pending} pending) for ${checks.acknowledged} answers (${checks.distinct_references} distinct references) → ${checks.one_debit_per_200 ? 'match' : 'MISMATCH'}; ` +
        `ledger:verify ${checks.ledger_verify.ok ? 'OK' : 'FAILED'}.`,
    );
    if (!checks.ledger_verify.ok) say(checks.ledger_verify.output);
    for (const run of result.api) if (run.failures.length) say(`  airtime ${run.clients} client(s) failures: ${run.failures.join(' | ')}`);
    if (!money && (result.server_log?.warn_lines || result.server_log?.error_lines)) say(`  ${engine} server log: ${result.server_log.warn_lines} warn, ${result.server_log.error_lines} error: ${JSON.stringify(result.server_log.events)}`);
    for (const note of result.notes) say(`  note: ${note}`);
  }
  // On SQLite, "other" is everything else on the machine (on PostgreSQL it includes the database).
  const busy = Math.max(0, ...(bills.engines.sqlite?.api ?? []).map((run) => run.cpu_pct_of_one_core?.other_pct ?? 0));
  if (busy > 20) say(`warning: other processes used up to ${busy} % of a core during the SQLite purchase runs; the purchase figures are noisy — rerun when the machine is quiet.`);
  if (!money) for (const note of bills.notes) say(`note: ${note}`);
  if (!bills.ok) say('\nBILLS CHECKS FAILED: see above (exit code 1).');
}
