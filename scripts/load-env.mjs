// Imported first by npm start and scripts/serve.mjs: settings from ./.env when there is one
// (.env.example lists them all). The environment wins: a variable already set is never replaced.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, '.env');
if (fs.existsSync(file)) {
  // process.loadEnvFile (Node 24) leaves variables that are already set as they are.
  process.loadEnvFile(file);
}
