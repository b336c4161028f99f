// npm run db:restore -- <file> — restores a backup into an empty database (a fresh DATA_DIR, or
// an empty PostgreSQL database made with createdb and named by DATABASE_URL), migrates it, then
// verifies the books and says whether this server's key opens its PINs and BVN fingerprints.
// Exit 0: ready to serve; 1: failed; 3: the books do not verify; 4: the key does not match.
import { parseConfig } from '../src/server/config.ts';
import { connect, migrateToLatest } from '../src/server/db/connection.ts';
import { restoreDatabase } from '../src/server/db/backup.ts';
import { checkRestored } from '../src/server/core/backups/restore-check.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run db:restore -- <file>');
  process.exit(2);
}
const config = parseConfig({ ...process.env, SEED_DEMO: 'false' });
let db = config.database.kind === 'postgres' ? connect(config.database) : null;
try {
  await restoreDatabase(config.database, file, db ?? undefined);
  db ??= connect(config.database);
  await migrateToLatest(db);
  const report = await checkRestored(db, config);
  console.log(`Restored ${file}: ${report.ledger.accounts} accounts, ${report.ledger.entries} entries.`);
  if (!report.ledger.ok) {
    console.error(`The books do not verify (${report.ledger.problems.length} problem(s)):`);
    for (const problem of report.ledger.problems) console.error(`  - ${problem}`);
    process.exitCode = 3;
  } else console.log('Ledger OK: every entry balances, balances match postings and sum to zero.');
  const pins = Object.values(report.pinsWithoutKey).reduce((sum, count) => sum + count, 0);
  const bvns = Object.values(report.bvnFingerprintsWithoutKey).reduce((sum, count) => sum + count, 0);
  if (pins + bvns > 0) {
    console.error(
      `The key does not match the backup: ${pins} PIN(s) and ${bvns} BVN fingerprint(s) were made under key(s) ${[...new Set([...Object.keys(report.pinsWithoutKey), ...Object.keys(report.bvnFingerprintsWithoutKey)])].join(', ')}, ` +
        `and this server has ${report.keys.length ? report.keys.join(', ') : 'no key yet'}. Put that key back (PIN_KEY, PIN_KEY_PREVIOUS, or DATA_DIR/pin.key from its own backup) before serving: those PINs would not verify.`,
    );
    process.exitCode ??= 4;
    if (process.exitCode === 0) process.exitCode = 4;
  } else console.log(`Keys OK: every PIN and BVN fingerprint was made under ${report.keys.join(', ') || 'no key (there are none)'}.`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db?.destroy();
}
