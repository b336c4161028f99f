// npm run ops:case -- <number> <status> [note] — moves a customer's case to a new
// status: open, investigating, resolved or closed, with an optional note the customer sees.
// The change goes through the same write as an answer in the back office (/ops/cases): stored in
// the case's history (shown under "My cases" and by GET /v1/cases), recorded in the staff audit
// log as the command line's, and emailed to the customer by the server's job worker. Exits 0 when moved; 2 for a bad argument or an unknown case; 1 when
// the database cannot be reached.
import { parseConfig } from '../src/server/config.ts';
import { createApp } from '../src/server/app.ts';
import { say } from '../src/i18n/translate.ts';
import { caseNoteSchema, caseNumberPattern, caseStatuses } from '../src/lib/safety-schemas.ts';

const usage = `Usage: npm run ops:case -- <case number> <status> [note]
  case number  like HB-CASE-2026-000123
  status       ${caseStatuses.join(', ')}
  note         optional, one line, at most 500 characters (the customer sees it)`;

const [number, status, ...words] = process.argv.slice(2);
const note = words.length > 0 ? caseNoteSchema.safeParse(words.join(' ')) : null;
if (!number || !status || !caseNumberPattern.test(number) || !caseStatuses.includes(status) || (note && !note.success)) {
  if (note && !note.success) console.error(`The note is not valid: ${note.error.issues[0]?.message ?? 'one line, at most 500 characters'}`);
  console.error(usage);
  process.exit(2);
}

let app;
try {
  app = await createApp(parseConfig(process.env));
  const moved = await app.cases.move(number, status, note?.data || null);
  if (moved.ok) {
    console.log(`${moved.value.number} is now ${status}${note?.data ? ` (note: ${note.data})` : ''}. The customer's email is queued (the server sends it).`);
  } else {
    // The operator reads the service's refusal in English.
    console.error(say('en', moved.message));
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`ops:case could not reach the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await app?.close();
}
