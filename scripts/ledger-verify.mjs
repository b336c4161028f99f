// npm run ledger:verify — recomputes every balance from the postings; exits 1 on any difference.
import { parseConfig } from '../src/server/config.ts';
import { connect, migrateToLatest } from '../src/server/db/connection.ts';
import { verifyLedger } from '../src/server/core/ledger/verify-ledger.ts';

const config = parseConfig(process.env);
const db = connect(config.database);
try {
  await migrateToLatest(db);
  const report = await verifyLedger(db);
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  if (report.ok) {
    console.log(`Ledger OK (${where}): ${report.accounts} accounts, ${report.entries} entries, ${report.postings} postings; every entry balances, balances match postings and sum to zero.`);
  } else {
    console.error(`Ledger has ${report.problems.length} problem(s) (${where}):`);
    for (const problem of report.problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
