// npm run db:hash-migrations — records the SHA-256 of each new migration in
// src/server/db/migrations/hashes.json (commit it with the migration). It never rewrites the hash
// of a migration that is committed (in git's HEAD): a committed migration does not change; put the
// change in a new migration instead. A migration not yet committed may still change and is re-hashed.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { compareHashes, formatHashes, hashOf, hashesFile, migrationsDir, readHashes } from '../src/server/db/migration-hashes.ts';
import fs from 'node:fs';

function committed(name) {
  const relative = path.relative(process.cwd(), path.join(migrationsDir, name)).split(path.sep).join('/');
  try {
    execFileSync('git', ['cat-file', '-e', `HEAD:${relative}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const recorded = readHashes();
const { unrecorded, changed, missing, misnamed } = compareHashes(recorded);
const refused = [];

for (const name of misnamed) refused.push(`${name}: a migration is named YYYY-MM-DDTHHMM_what_it_does.ts`);
for (const name of changed) {
  if (committed(name)) refused.push(`${name} is committed and has changed: restore it (git diff ${path.join('src/server/db/migrations', name)}) and put the change in a new migration`);
}
for (const name of missing) {
  if (committed(name)) refused.push(`${name} is recorded and committed but gone: restore it`);
}
if (refused.length > 0) {
  console.error(`hashes.json not changed:\n- ${refused.join('\n- ')}`);
  process.exit(1);
}

const hashes = { ...recorded };
for (const name of missing) delete hashes[name];
for (const name of [...unrecorded, ...changed]) hashes[name] = hashOf(path.join(migrationsDir, name));
fs.writeFileSync(hashesFile, formatHashes(hashes));

const report = [
  ...unrecorded.map((name) => `added ${name}`),
  ...changed.map((name) => `re-hashed ${name} (not committed yet)`),
  ...missing.map((name) => `removed ${name} (never committed)`),
];
console.log(report.length ? report.join('\n') : 'Every migration is hashed already.');
