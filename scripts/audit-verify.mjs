// npm run audit:verify — walks the staff audit log's hash chain (src/server/core/staff/audit-log.ts).
// Exits 0 when every entry follows the one before it; 3 naming the first broken entry; 1 when the
// database cannot be reached.
import { parseConfig } from '../src/server/config.ts';
import { createApp } from '../src/server/app.ts';

let app;
try {
  app = await createApp(parseConfig(process.env));
  const verdict = await app.staffAudit.verify();
  if (verdict.ok) {
    console.log(`The staff audit log is whole: ${verdict.entries} entries, last hash ${verdict.lastHash}.`);
  } else {
    console.error(`The staff audit log is broken at entry ${verdict.brokenAt}: ${verdict.problem}. ${verdict.entries} entries before it are whole.`);
    process.exitCode = 3;
  }
} catch (error) {
  console.error(`audit:verify could not reach the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await app?.close();
}
