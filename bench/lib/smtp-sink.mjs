#!/usr/bin/env node
// A mail server for the bench's alert measure (ledger-bench.mjs alerts), run as a process of its
// own so its work is not counted as the app's: accepts every mail, and answers each connection's
// greeting and each message `--delay` ms late, as a mail server elsewhere on the network would.
// Prints `LISTENING <port>`; on SIGTERM prints `RESULT {"received":N,"connections":N}` and exits.
//
//   node bench/lib/smtp-sink.mjs --delay=20
import { SMTPServer } from 'smtp-server';

const delay = Number(/^--delay=(\d+)$/.exec(process.argv[2] ?? '')?.[1] ?? 0);
let received = 0;
let connections = 0;
const later = (callback) => (delay > 0 ? setTimeout(callback, delay) : callback());
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  disableReverseLookup: true,
  onConnect(_session, callback) {
    connections += 1;
    later(() => callback());
  },
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      received += 1;
      later(() => callback());
    });
  },
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`LISTENING ${server.server.address().port}\n`));
process.on('SIGTERM', () => {
  process.stdout.write(`RESULT ${JSON.stringify({ received, connections })}\n`);
  process.exit(0);
});
