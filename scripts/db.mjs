// npm run db:migrate | db:seed — runs the TypeScript services directly (Node strips the types).
import { parseConfig } from '../src/server/config.ts';
import { connect, migrateToLatest } from '../src/server/db/connection.ts';
import { composeApp } from '../src/server/app.ts';
import { demoCustomer, seedDemo } from '../src/server/demo/seed-demo.ts';
import { seedDemoHistory } from '../src/server/demo/seed-history.ts';

const command = process.argv[2];
const config = parseConfig({ ...process.env, SEED_DEMO: 'false' });

if (command === 'migrate') {
  const db = connect(config.database);
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  await db.destroy();
} else if (command === 'seed') {
  const { app, internals } = await composeApp(config);
  const bank = { ...app, ...internals };
  const created = await seedDemo(bank);
  const history = await seedDemoHistory(bank);
  console.log(created ? `Seeded the demo customer ${demoCustomer.email}.` : 'The demo customer already exists.');
  console.log(history ? `Wrote ${history} transactions of demo history.` : 'The demo history already exists; nothing changed.');
  await app.close();
} else {
  console.error('usage: node scripts/db.mjs migrate|seed');
  process.exit(2);
}
