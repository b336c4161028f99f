// Where the bench runs from, and what its command-line flags say.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOST = '127.0.0.1';
/** bench/ (this file lives in bench/lib/). */
export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const root = path.resolve(benchDir, '..');
export const entry = path.join(root, 'dist', 'server', 'entry.mjs');
export const resultsFile = path.join(benchDir, 'results.json');

export const sections = ['render', 'login', 'js', 'money', 'bills', 'sessions'];

export function parseArgs(argv) {
  const options = {
    build: false,
    noBuild: false,
    duration: 5,
    warmup: 1,
    connections: 16,
    loginCalls: 30,
    loginConcurrency: 4,
    loginConcurrentCalls: 40,
    timeout: 900,
    rounds: 1,
    nodeEnv: null,
    transferWarmup: 2,
    transferDuration: 8,
    transferClients: 16,
    history: 10_000,
    pageCalls: 40,
    sessions: 200,
    soak: 60,
    thinkMs: 1000,
    only: [...sections],
  };
  // BENCH_SOAK_SECONDS=600: the sessions section's soak length (as --soak=600; a flag given wins).
  const soakFromEnv = Number(process.env.BENCH_SOAK_SECONDS);
  if (Number.isFinite(soakFromEnv) && soakFromEnv > 0) options.soak = soakFromEnv;
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    const camel = key.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (camel === 'build') options.build = true;
    else if (camel === 'noBuild') options.noBuild = true;
    else if (camel === 'nodeEnv' && value) options.nodeEnv = value;
    else if (camel === 'only' && value && value.split(',').every((part) => sections.includes(part))) options.only = value.split(',');
    else if (camel in options && value !== undefined && Number.isFinite(Number(value)) && Number(value) > 0) options[camel] = Number(value);
    else {
      console.error(`unknown or invalid option: ${arg}`);
      process.exit(64);
    }
  }
  return options;
}
