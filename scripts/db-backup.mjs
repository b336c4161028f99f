// npm run db:backup -- <file> — an online, consistent copy of the database while it serves
// (SQLite: VACUUM INTO; PostgreSQL: pg_dump, custom format). The PIN key is not in it: keep it apart.
import { parseConfig } from '../src/server/config.ts';
import { backupDatabase } from '../src/server/db/backup.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run db:backup -- <file>');
  process.exit(2);
}
const config = parseConfig({ ...process.env, SEED_DEMO: 'false' });
try {
  const { bytes } = await backupDatabase(config.database, file);
  console.log(`Backed up ${config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL'} to ${file} (${bytes} bytes). Keep the PIN key (PIN_KEY or DATA_DIR/pin.key) in a backup of its own.`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
