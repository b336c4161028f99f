import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { notServedHere } from './http/ops-request.ts';

describe("the back office's own listener (OPS_HOST, OPS_PORT)", () => {
  it('is off by default: /ops is served on HOST:PORT with the rest', () => {
    expect(parseConfig({}).ops).toBeNull();
    for (const path of ['/ops', '/ops/login', '/login', '/api/health']) expect([path, notServedHere(null, undefined, path)]).toEqual([path, false]);
  });

  it('listens on loopback unless OPS_HOST says otherwise', () => {
    expect(parseConfig({ OPS_PORT: '4322' }).ops).toEqual({ host: 'localhost', port: 4322 });
    expect(parseConfig({ OPS_PORT: '4322', OPS_HOST: '10.0.0.5' }).ops).toEqual({ host: '10.0.0.5', port: 4322 });
  });

  it.each([
    [{ OPS_HOST: '127.0.0.1' }, 'OPS_PORT'],
    [{ OPS_PORT: '4321' }, 'OPS_PORT'],
    [{ PORT: '5000', OPS_PORT: '5000' }, 'OPS_PORT'],
    [{ OPS_PORT: '0' }, 'OPS_PORT'],
    [{ OPS_PORT: '65536' }, 'OPS_PORT'],
    [{ OPS_PORT: '43.5' }, 'OPS_PORT'],
    [{ OPS_PORT: '4322', OPS_HOST: 'https://ops.bank' }, 'OPS_HOST'],
    [{ OPS_PORT: '4322', OPS_HOST: 'ops bank' }, 'OPS_HOST'],
    [{ OPS_PORT: '4322', OPS_HOST: 'a'.repeat(254) }, 'OPS_HOST'],
  ])('refuses %o, naming %s', (settings, variable) => {
    expect(() => parseConfig(settings)).toThrow(new RegExp(`${variable}:`));
  });

  it('with its own listener, each side 404s the other: /ops only on the back office listener, the rest only on the public one', () => {
    const ops = parseConfig({ OPS_PORT: '4322' }).ops;
    for (const path of ['/ops', '/ops/', '/ops/login', '/ops/customers/usr_1']) {
      expect([path, notServedHere(ops, undefined, path), notServedHere(ops, 'ops', path)]).toEqual([path, true, false]);
    }
    for (const path of ['/', '/login', '/opsx', '/api/health', '/api/v1/profile', '/dashboard']) {
      expect([path, notServedHere(ops, undefined, path), notServedHere(ops, 'ops', path)]).toEqual([path, false, true]);
    }
  });
});
