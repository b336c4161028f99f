import { describe, expect, it } from 'vitest';
import { apiOriginAllowed, securityHeaders } from './security-headers.ts';

const url = new URL('http://127.0.0.1:4321/api/v1/auth/login');
const request = (method: string, headers: Record<string, string>) => new Request(url, { method, headers });

describe('API origin check', () => {
  it.each([
    ['GET from anywhere', request('GET', { origin: 'https://evil.example' }), true, true],
    ['POST from this origin', request('POST', { origin: 'http://127.0.0.1:4321' }), true, true],
    ['POST from another origin', request('POST', { origin: 'https://evil.example' }), false, false],
    ['POST from another origin, even without a cookie', request('POST', { origin: 'https://evil.example' }), false, false],
    ['cookie POST with no origin at all', request('POST', {}), true, false],
    ['cookie POST, same-origin fetch metadata', request('POST', { 'sec-fetch-site': 'same-origin' }), true, true],
    ['cookie POST, cross-site fetch metadata', request('POST', { 'sec-fetch-site': 'cross-site' }), true, false],
    ['no cookie, no origin (curl, mobile app)', request('POST', {}), false, true],
  ])('%s', (_name, req, hasCookie, allowed) => {
    expect(apiOriginAllowed(req, url, hasCookie ? 'cookie' : null, hasCookie)).toBe(allowed);
  });

  it('skips the check only when the credential served is the Bearer token', () => {
    const foreign = { origin: 'https://evil.example' };
    expect(apiOriginAllowed(request('POST', { ...foreign, authorization: 'Bearer abc' }), url, 'bearer', false)).toBe(true);
    expect(apiOriginAllowed(request('POST', { ...foreign, authorization: 'Bearer abc' }), url, 'bearer', true)).toBe(true);
    // "Bearer a b" is no Bearer token: the session cookie is the credential, and a foreign origin is refused.
    expect(apiOriginAllowed(request('POST', { ...foreign, authorization: 'Bearer a b' }), url, 'cookie', true)).toBe(false);
    expect(apiOriginAllowed(request('POST', { authorization: 'Bearer a b', 'sec-fetch-site': 'cross-site' }), url, 'cookie', true)).toBe(false);
    expect(apiOriginAllowed(request('POST', { authorization: 'Basic eDp5' }), url, 'cookie', true)).toBe(false);
  });
});

describe('security headers', () => {
  it('always refuses framing and sniffing; HSTS only over https', () => {
    const plain = securityHeaders(url);
    expect(plain['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(securityHeaders(new URL('https://bank.example/'))['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});
