import type { Config } from '../../config.ts';

/**
 * Where a message tells the customer to freeze their account: the customers' own address, or
 * this server's on a machine without PUBLIC_ORIGIN. `url` is for an email's link; `bare` drops
 * the scheme, as an SMS has room for little and phones link a bare host.
 */
export function freezeAddress(config: Pick<Config, 'publicOrigin' | 'host' | 'port'>): { url: string; bare: string } {
  if (config.publicOrigin) return { url: `${config.publicOrigin}/freeze`, bare: `${new URL(config.publicOrigin).host}/freeze` };
  return { url: `http://${config.host}:${config.port}/freeze`, bare: `${config.host}:${config.port}/freeze` };
}
