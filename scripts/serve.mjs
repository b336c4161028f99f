// npm run preview, or `node scripts/serve.mjs` on a built app: one server process (the Node
// server, src/server/node/main.ts, which the build compiles into dist/server/node/). Settings come
// from the environment, then ./.env. The process first replaces itself once with its memory
// settings (src/server/node/process-tuning.ts).
import './node-version.mjs';
import './load-env.mjs';
import { builtNodeServer } from './built-node-server.mjs';

(await builtNodeServer('process-tuning')).retuneProcess();
await (await builtNodeServer('main')).serve();
