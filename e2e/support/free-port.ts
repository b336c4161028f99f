import net from 'node:net';

/** A TCP port free on `host` just now, for a server a spec starts of its own. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, host, resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
