/**
 * Where the built app's start and stop (server-process.ts, inside Astro's bundle) are found by the
 * Node server (node/main.ts, compiled apart from that bundle): one symbol both sides name.
 */
export const serverProcessKey = Symbol.for('harmattan-bank.server-process');
