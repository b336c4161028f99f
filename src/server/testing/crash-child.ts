// A server process to kill (src/server/jobs/crash-restart.test.ts): composes the bank on the
// DATABASE_URL it is given, requests a statement for USER_ID/ACCOUNT and says so on stdout, then
// waits to be SIGKILLed. With MODE=claim it also runs its job worker, whose mailer never
// answers: it says "sending" once the job is claimed and the mail under way.
import { composeApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { lagosDate } from '../../lib/lagos-time.ts';

const hangingMailer = {
  send: () => {
    process.stdout.write(JSON.stringify({ step: 'sending' }) + '\n');
    return new Promise<void>(() => {});
  },
};
const composed = await composeApp(parseConfig(process.env), { mailer: hangingMailer });
const today = lagosDate(new Date());
const requested = await composed.app.statements.request(process.env.USER_ID!, process.env.ACCOUNT!, { start_date: today, end_date: today, format: 'csv' });
process.stdout.write(JSON.stringify({ step: 'requested', ok: requested.ok }) + '\n');
if (process.env.MODE === 'claim') void composed.app.jobs.runDue();
setInterval(() => {}, 60_000);
