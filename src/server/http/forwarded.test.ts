import { describe, expect, it } from 'vitest';
import { forwardedClient, isTrustedProxy, normaliseAddress, parseTrustProxy, type TrustProxy } from './forwarded.ts';
import { publicUrl, parsePublicOrigin } from '../net/public-origin.ts';
import { parseConfig } from '../config.ts';

function trust(text: string | undefined): TrustProxy {
  const parsed = parseTrustProxy(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}
const headers = (entries: Record<string, string> = {}) => new Headers(entries);

describe('TRUST_PROXY', () => {
  it.each([[undefined], [''], ['false'], ['  ']])('%j trusts nobody', (text) => {
    expect(trust(text)).toEqual({ kind: 'none' });
  });
  it('true trusts the TCP peer, whoever it is', () => {
    expect(trust('true').kind).toBe('peer');
    expect(trust('TRUE').kind).toBe('peer');
  });
  it('a list of addresses and ranges, IPv4 and IPv6', () => {
    const list = trust('127.0.0.1, 10.0.0.0/8,::1,fd00::/8');
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.1.2.3', '::1', '[::1]', 'fd12::7']) expect(isTrustedProxy(address, list)).toBe(true);
    for (const address of ['127.0.0.2', '11.0.0.1', '::2', 'fe80::1', null, 'localhost', '']) expect(isTrustedProxy(address, list)).toBe(false);
  });
  it.each(['yes', 'localhost', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.0/-1', '10.0.0.0/x', '1.2.3', '127.0.0.1,', 'fe80::1%eth0'])('refuses %j', (text) => {
    expect(parseTrustProxy(text)).toHaveProperty('error');
  });
  it('config: a bad value names the variable', () => {
    expect(() => parseConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(parseConfig({}).trustProxy).toEqual({ kind: 'none' });
    expect(parseConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy.kind).toBe('list');
  });
});

describe('normaliseAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    [' 203.0.113.9 ', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['[2001:DB8::1]', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
  ])('%j → %j', (text, address) => expect(normaliseAddress(text)?.address).toBe(address));
  it.each(['', 'unknown', '203.0.113.9:4000', '1.2.3.4.5', '<script>', 'fe80::1%eth0', '999.1.1.1', '_hidden'])('%j is not an address', (text) => {
    expect(normaliseAddress(text)).toBeNull();
  });
});

describe('the client address and protocol', () => {
  const none = trust(undefined);
  const peer = trust('true');
  const local = trust('127.0.0.1');
  const chain = trust('127.0.0.1,10.0.0.0/8');
  const v6 = trust('::1,fd00::/8');
  it.each<[string, string | null, Record<string, string>, TrustProxy, string | null, 'http' | 'https' | null]>([
    // No TRUST_PROXY: exactly today's behaviour, the socket's address as reported.
    ['no trust: the peer, headers ignored', '127.0.0.1', { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' }, none, '127.0.0.1', null],
    ['no trust: a mapped peer is kept as the socket said', '::ffff:127.0.0.1', {}, none, '::ffff:127.0.0.1', null],
    ['no address known', null, { 'x-forwarded-for': '1.2.3.4' }, local, null, null],
    // The trusted proxy's word.
    ['trusted proxy: its client', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' }, local, '203.0.113.9', 'https'],
    ['trusted proxy as ::ffff:', '::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }, local, '203.0.113.9', null],
    ['trusted proxy, no header: the proxy itself', '127.0.0.1', {}, local, '127.0.0.1', null],
    ['trusted proxy, http', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'HTTP' }, local, '203.0.113.9', 'http'],
    // Spoofing: a client-typed X-Forwarded-For gains nothing.
    ['untrusted peer claiming an address', '198.51.100.7', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' }, local, '198.51.100.7', null],
    ['untrusted peer claiming the proxy', '198.51.100.7', { 'x-forwarded-for': '127.0.0.1' }, local, '198.51.100.7', null],
    ['client prepends a fake through the proxy: the right-most untrusted wins', '127.0.0.1', { 'x-forwarded-for': '1.1.1.1, 203.0.113.9' }, local, '203.0.113.9', null],
    ['client prepends a trusted-looking fake', '127.0.0.1', { 'x-forwarded-for': '10.0.0.5, 203.0.113.9' }, chain, '203.0.113.9', null],
    ['true trusts one hop only', '192.0.2.1', { 'x-forwarded-for': '1.1.1.1, 10.0.0.5, 203.0.113.9' }, peer, '203.0.113.9', null],
    // Chains of proxies.
    ['two trusted proxies', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9, 10.0.0.5' }, chain, '203.0.113.9', null],
    ['two trusted proxies, a fake before', '127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.5' }, chain, '203.0.113.9', null],
    ['several headers joined', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9,10.0.0.5,10.0.0.6' }, chain, '203.0.113.9', null],
    ['every hop trusted: the left-most proxy', '127.0.0.1', { 'x-forwarded-for': '10.0.0.9, 10.0.0.5' }, chain, '10.0.0.9', null],
    ['the nearest proxy says the protocol', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http, https' }, chain, '203.0.113.9', 'https'],
    // IPv6.
    ['IPv6 proxy and client', '::1', { 'x-forwarded-for': '2001:db8::7', 'x-forwarded-proto': 'https' }, v6, '2001:db8::7', 'https'],
    ['IPv6 client in brackets', '::1', { 'x-forwarded-for': '[2001:DB8::7]' }, v6, '2001:db8::7', null],
    ['IPv6 chain', '::1', { 'x-forwarded-for': '2001:db8::7, fd00::3' }, v6, '2001:db8::7', null],
    ['IPv6 untrusted peer', '2001:db8::bad', { 'x-forwarded-for': '2001:db8::7' }, v6, '2001:db8::bad', null],
    // Malformed headers: never an attacker-chosen string as the address.
    ['garbage right-most: the proxy', '127.0.0.1', { 'x-forwarded-for': 'unknown' }, local, '127.0.0.1', null],
    ['garbage left of the client is never reached', '127.0.0.1', { 'x-forwarded-for': 'evil, 203.0.113.9' }, local, '203.0.113.9', null],
    ['garbage behind a trusted hop: that hop', '127.0.0.1', { 'x-forwarded-for': 'evil, 10.0.0.5' }, chain, '10.0.0.5', null],
    ['address with a port is malformed', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9:4444' }, local, '127.0.0.1', null],
    ['empty entries skipped', '127.0.0.1', { 'x-forwarded-for': ' , ,203.0.113.9,' }, local, '203.0.113.9', null],
    ['an odd protocol is not said', '127.0.0.1', { 'x-forwarded-proto': 'javascript' }, local, '127.0.0.1', null],
    ['an empty protocol is not said', '127.0.0.1', { 'x-forwarded-proto': '' }, local, '127.0.0.1', null],
  ])('%s', (_name, peerAddress, entries, trusted, address, protocol) => {
    expect(forwardedClient(peerAddress, headers(entries), trusted)).toEqual({ address, protocol });
  });

  it.each([
    ['a client varying its X-Forwarded-For directly gets one address, whatever it claims', '198.51.100.7', (index: number) => `203.0.113.${index}`],
    ['through the proxy, a client varying the left of the header still gets its own address', '127.0.0.1', (index: number) => `203.0.113.${index}, 198.51.100.7`],
  ])('%s', (_name, peerAddress, claimed) => {
    const seen = new Set(Array.from({ length: 50 }, (_, index) => forwardedClient(peerAddress, headers({ 'x-forwarded-for': claimed(index) }), local).address));
    expect([...seen]).toEqual(['198.51.100.7']);
  });
});

describe('PUBLIC_ORIGIN', () => {
  it.each(['https://bank.example', 'https://bank.example/', 'http://localhost:8080', 'https://[::1]:8443'])('%j is an origin', (text) => {
    expect(parsePublicOrigin(text)).toEqual({ origin: new URL(text).origin });
  });
  it.each(['bank.example', 'ftp://bank.example', 'https://bank.example/app', 'https://bank.example?x=1', 'https://u:p@bank.example', 'https://bank.example#x', 'HTTPS://Bank.Example', 'https://bank.example:443'])('%j is refused', (text) => {
    expect(parsePublicOrigin(text)).toHaveProperty('error');
  });
  it('config: unset is null; a bad value names the variable', () => {
    expect(parseConfig({}).publicOrigin).toBeNull();
    expect(parseConfig({ PUBLIC_ORIGIN: 'https://bank.example' }).publicOrigin).toBe('https://bank.example');
    expect(() => parseConfig({ PUBLIC_ORIGIN: 'https://bank.example/app' })).toThrow(/PUBLIC_ORIGIN/);
  });
  it('the public URL: the path and query on the public origin', () => {
    const internal = new URL('http://127.0.0.1:4321/login?next=%2Fhome');
    expect(publicUrl(internal, 'https://bank.example', null).href).toBe('https://bank.example/login?next=%2Fhome');
    expect(publicUrl(internal, 'https://bank.example', 'http').origin).toBe('https://bank.example');
    expect(publicUrl(internal, null, 'https').href).toBe('https://127.0.0.1:4321/login?next=%2Fhome');
    expect(publicUrl(internal, null, 'http')).toBe(internal);
    expect(publicUrl(internal, null, null)).toBe(internal);
  });
});
