import { runCluster } from './cluster.ts';
import { installJsonConsole, reportCrashes } from './console.ts';
import { failStart, loadBuiltApp, serve } from './main.ts';

/**
 * npm start, once the build is current (scripts/start.mjs builds it when the sources are newer):
 * WORKERS server processes on the one port. WORKERS is read once, with every other setting, by
 * config.ts in the built app (server-process.ts `workers()`): a bad value, or more than one on the
 * embedded SQLite database, stops the start with the same JSON line as any other bad setting.
 * One process (the default) serves here; several are a cluster (cluster.ts), each worker running
 * `serveFile`, this process only their primary.
 */
export async function start(serveFile: string): Promise<void> {
  process.env.HOST ??= 'localhost';
  process.env.PORT ??= '4321';
  process.env.NODE_ENV ??= 'production';
  installJsonConsole();
  reportCrashes();
  const { serverProcess } = await loadBuiltApp();
  let workers: number;
  try {
    workers = serverProcess.workers();
  } catch (error) {
    failStart(serverProcess.problems(error));
  }
  if (workers > 1) await runCluster(workers, serveFile);
  else await serve();
  await announceReady();
}

/** The address to open, once the health check answers (the port may still be coming up in a worker). */
async function announceReady(): Promise<void> {
  const url = `http://${process.env.HOST === '0.0.0.0' ? '127.0.0.1' : process.env.HOST}:${process.env.PORT}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) {
        console.log(`Ready: ${url}  (health: ${JSON.stringify(await response.json())})`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
