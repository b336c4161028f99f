import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { requestMeta } from './api.ts';
import { clientOf, publicUrlOf } from './client.ts';

/** What the middleware and the pages hand in: Astro's context, its app holding the configuration. */
function contextFor(environment: Record<string, string>, peer: string | (() => string), headers: Record<string, string> = {}, url = 'http://127.0.0.1:4321/login') {
  const config = parseConfig(environment);
  const context = {
    request: new Request(url, { headers }),
    url: new URL(url),
    locals: { app: { config } } as unknown as App.Locals,
  };
  Object.defineProperty(context, 'clientAddress', { get: typeof peer === 'function' ? peer : () => peer });
  return context as typeof context & { clientAddress: string };
}

const proxied = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https', 'user-agent': 'test' };

describe('without PUBLIC_ORIGIN and TRUST_PROXY: as on localhost today', () => {
  it('the request URL and the TCP peer stand, whatever the headers say', () => {
    const context = contextFor({}, '::ffff:127.0.0.1', proxied);
    expect(publicUrlOf(context)).toBe(context.url);
    expect(requestMeta(context)).toEqual({ ip: '::ffff:127.0.0.1', userAgent: 'test' });
  });
  it('an adapter that knows no address gives none', () => {
    const context = contextFor({}, () => {
      throw new Error('no address');
    });
    expect(requestMeta(context).ip).toBeNull();
  });
});

describe('behind a trusted proxy', () => {
  const settings = { PUBLIC_ORIGIN: 'https://bank.example', TRUST_PROXY: '127.0.0.1' };
  it('the public URL is PUBLIC_ORIGIN with the path and query; the client is the forwarded one', () => {
    const context = contextFor(settings, '127.0.0.1', proxied, 'http://127.0.0.1:4321/login?reason=idle');
    expect(publicUrlOf(context).href).toBe('https://bank.example/login?reason=idle');
    expect(requestMeta(context).ip).toBe('203.0.113.9');
  });
  it('a direct client claiming an address is counted as itself, and the public URL does not move', () => {
    const context = contextFor(settings, '198.51.100.7', { ...proxied, 'x-forwarded-proto': 'http' });
    expect(publicUrlOf(context).origin).toBe('https://bank.example');
    expect(clientOf(context)).toEqual({ address: '198.51.100.7', protocol: null });
  });
  it('TRUST_PROXY alone: https only when the trusted proxy says so', () => {
    expect(publicUrlOf(contextFor({ TRUST_PROXY: '127.0.0.1' }, '127.0.0.1', proxied)).protocol).toBe('https:');
    expect(publicUrlOf(contextFor({ TRUST_PROXY: '127.0.0.1' }, '10.9.9.9', proxied)).protocol).toBe('http:');
  });
  it("on the back office's own listener, not PUBLIC_ORIGIN (the customers' address): the request's own URL, https when the trusted proxy says so", () => {
    const context = contextFor({ ...settings, OPS_PORT: '4322' }, '127.0.0.1', proxied, 'http://ops.bank.internal:4322/ops/login');
    context.locals.listener = 'ops';
    expect(publicUrlOf(context).href).toBe('https://ops.bank.internal:4322/ops/login');
    const direct = contextFor({ ...settings, OPS_PORT: '4322' }, '10.9.9.9', proxied, 'http://ops.bank.internal:4322/ops/login');
    direct.locals.listener = 'ops';
    expect(publicUrlOf(direct).href).toBe('http://ops.bank.internal:4322/ops/login');
  });
});
