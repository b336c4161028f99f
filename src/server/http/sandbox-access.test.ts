import { describe, expect, it } from 'vitest';
import { isLoopback, sandboxAccess } from './sandbox-access.ts';

const key = 'k'.repeat(20) + 'sandbox-key-0123456789';
const headers = (entries: Record<string, string> = {}) => new Headers(entries);

describe('isLoopback', () => {
  it.each(['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1', 'LOCALHOST'])('%s is loopback', (address) => {
    expect(isLoopback(address)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '192.168.1.4', '10.0.0.1', '::ffff:10.0.0.1', 'example.com', '', null, '128.0.0.1', '127.0.0.1.example.com'])('%s is not', (address) => {
    expect(isLoopback(address)).toBe(false);
  });
});

describe('sandboxAccess', () => {
  it('a loopback client of a loopback server needs no key', () => {
    expect(sandboxAccess({ listenHost: '127.0.0.1', clientAddress: '127.0.0.1', headers: headers(), sandboxKey: undefined })).toBe('allow');
    expect(sandboxAccess({ listenHost: 'localhost', clientAddress: '::1', headers: headers(), sandboxKey: undefined })).toBe('allow');
  });

  it('a server listening beyond loopback without a key: 404 to everyone, loopback clients included', () => {
    for (const listenHost of ['0.0.0.0', '::', '192.168.1.4']) {
      expect(sandboxAccess({ listenHost, clientAddress: '127.0.0.1', headers: headers(), sandboxKey: undefined })).toBe('not_found');
      expect(sandboxAccess({ listenHost, clientAddress: '203.0.113.9', headers: headers(), sandboxKey: undefined })).toBe('not_found');
      expect(sandboxAccess({ listenHost, clientAddress: '203.0.113.9', headers: headers({ authorization: 'Bearer anything-at-all-long-enough-0000000' }), sandboxKey: undefined })).toBe('not_found');
    }
  });

  it('beyond loopback with a key: the right bearer passes, a wrong or missing one is 401', () => {
    const base = { listenHost: '0.0.0.0', clientAddress: '203.0.113.9', sandboxKey: key };
    expect(sandboxAccess({ ...base, headers: headers({ authorization: `Bearer ${key}` }) })).toBe('allow');
    expect(sandboxAccess({ ...base, headers: headers({ authorization: `bearer ${key}` }) })).toBe('allow');
    expect(sandboxAccess({ ...base, headers: headers() })).toBe('unauthorized');
    expect(sandboxAccess({ ...base, headers: headers({ authorization: `Bearer ${key}x` }) })).toBe('unauthorized');
    expect(sandboxAccess({ ...base, headers: headers({ authorization: `Bearer ${key.slice(0, -1)}` }) })).toBe('unauthorized');
    expect(sandboxAccess({ ...base, headers: headers({ authorization: `Basic ${key}` }) })).toBe('unauthorized');
  });

  it('a request through a proxy is not a loopback client, whatever it claims', () => {
    for (const name of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via']) {
      expect(sandboxAccess({ listenHost: '127.0.0.1', clientAddress: '127.0.0.1', headers: headers({ [name]: '127.0.0.1' }), sandboxKey: undefined })).toBe('not_found');
      expect(sandboxAccess({ listenHost: '127.0.0.1', clientAddress: '127.0.0.1', headers: headers({ [name]: '127.0.0.1' }), sandboxKey: key })).toBe('unauthorized');
    }
    expect(sandboxAccess({ listenHost: '127.0.0.1', clientAddress: '127.0.0.1', headers: headers({ 'x-forwarded-for': '1.2.3.4', authorization: `Bearer ${key}` }), sandboxKey: key })).toBe('allow');
  });

  it('an unknown client address is not loopback', () => {
    expect(sandboxAccess({ listenHost: '127.0.0.1', clientAddress: null, headers: headers(), sandboxKey: undefined })).toBe('not_found');
  });
});

describe('SANDBOX_KEY in the configuration', async () => {
  const { parseConfig } = await import('../config.ts');
  it('is optional, and at least 32 characters when set', () => {
    expect(parseConfig({}).sandboxKey).toBeUndefined();
    expect(parseConfig({ SANDBOX_KEY: key }).sandboxKey).toBe(key);
    expect(() => parseConfig({ SANDBOX_KEY: 'short-key' })).toThrow(/SANDBOX_KEY/);
  });
});
