// npm run ops:pending — transfers to other banks and bills still pending after 24 hours (the CBN's
// window for reversing a failed NIP transfer): reference, customer, amount, age, and when each was
// escalated (the server escalates each transfer once: an error log line and an email to the
// customer). The same list as the back office's settlement queue (/ops/settlement), where each is
// re-queried or proposed for a manual reversal. `--json` prints one JSON array.
// Exits 0 whatever it finds; 1 only when the database cannot be read.
import { parseConfig } from '../src/server/config.ts';
import { connect, migrateToLatest } from '../src/server/db/connection.ts';
import { overduePendingPayments } from '../src/server/core/payments/escalation.ts';
import { formatNaira } from '../src/lib/money.ts';

const config = parseConfig(process.env);
const db = connect(config.database);
try {
  await migrateToLatest(db);
  const overdue = await overduePendingPayments(db, new Date());
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(overdue));
  } else if (overdue.length === 0) {
    console.log('No transfer to another bank or bill has been pending for more than 24 hours.');
  } else {
    console.log(`${overdue.length} payment(s) to other banks or billers pending for more than 24 hours:`);
    const table = overdue.map((row) => ({
      kind: row.rail === 'interbank_transfers' ? 'transfer' : 'bill',
      reference: row.reference,
      customer: `${row.customer} <${row.email}>`,
      account: row.accountNumber,
      amount: formatNaira(row.amountKobo),
      age: `${row.ageHours} h`,
      escalated: row.rail === 'bill_purchases' ? '-' : (row.escalatedAt ?? 'not yet (next re-query sweep)'),
    }));
    const columns = Object.keys(table[0]);
    const widths = columns.map((column) => Math.max(column.length, ...table.map((row) => String(row[column]).length)));
    const format = (values) => values.map((value, i) => String(value).padEnd(widths[i])).join('  ');
    console.log(format(columns));
    for (const row of table) console.log(format(columns.map((column) => row[column])));
  }
} catch (error) {
  console.error(`ops:pending could not read the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
