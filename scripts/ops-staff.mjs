// npm run ops:staff -- add --role <role> --email <email> --name <name>   invite a member (prints the one-time enrolment URL, valid 24 hours)
// npm run ops:staff -- list                                              the members, their roles and status
// npm run ops:staff -- disable --email <email>                           disable a member (their sessions end at once)
// Exits 0 when done; 2 for a bad argument or a refusal; 1 when the database cannot be reached.
import { parseArgs } from 'node:util';
import { parseConfig } from '../src/server/config.ts';
import { createApp } from '../src/server/app.ts';
import { staffRoles } from '../src/server/core/staff/policy.ts';

const usage = `Usage:
  npm run ops:staff -- add --role <${staffRoles.join('|')}> --email <work email> --name <name>
  npm run ops:staff -- list
  npm run ops:staff -- disable --email <work email>`;

let parsed;
try {
  parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { role: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } } });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(usage);
  process.exit(2);
}
const [command] = parsed.positionals;
const { role, email, name } = parsed.values;
if (!(command === 'list' || (command === 'add' && role && email && name) || (command === 'disable' && email)) || parsed.positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}

let app;
try {
  const config = parseConfig(process.env);
  app = await createApp(config);
  const by = { staffId: null, address: 'command line', via: 'cli' };
  if (command === 'list') {
    for (const member of await app.staff.list()) console.log(`${member.work_email}\t${member.role}\t${member.status}\t${member.name}`);
  } else if (command === 'add') {
    const invited = await app.staff.invite({ name, email, role }, by);
    if (invited.ok) {
      const origin = config.publicOrigin ?? `http://localhost:${process.env.PORT ?? 4321}`;
      console.log(`${invited.value.member.name} (${invited.value.member.role}) is invited. Their one-time enrolment link, valid 24 hours:`);
      console.log(`${origin}${invited.value.enrolPath}`);
    } else {
      console.error([invited.message, ...Object.values(invited.errors ?? {})].join(' '));
      process.exitCode = 2;
    }
  } else {
    const disabled = await app.staff.disable(email, by);
    if (disabled.ok) console.log(`${disabled.value.work_email} is disabled; their sessions have ended.`);
    else {
      console.error(disabled.message);
      process.exitCode = 2;
    }
  }
} catch (error) {
  console.error(`ops:staff could not reach the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await app?.close();
}
