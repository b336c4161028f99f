import { describe, expect, it } from 'vitest';
import { crossSiteFormPost } from './form-origin.ts';

const url = new URL('http://127.0.0.1:4321/login');
const request = (method: string, headers: Record<string, string>) => new Request(url, { method, headers });

describe('crossSiteFormPost (Astro checkOrigin rule, for pages)', () => {
  it.each([
    ['GET from anywhere', request('GET', { origin: 'https://evil.example' }), false],
    ['form POST from this origin', request('POST', { origin: 'http://127.0.0.1:4321', 'content-type': 'application/x-www-form-urlencoded' }), false],
    ['form POST from another origin', request('POST', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }), true],
    ['multipart POST with no origin', request('POST', { 'content-type': 'multipart/form-data; boundary=x' }), true],
    ['text/plain POST from another origin', request('POST', { origin: 'https://evil.example', 'content-type': 'text/plain' }), true],
    ['POST with no content type and no origin', request('POST', {}), true],
    ['JSON POST from another origin (not a form; CORS preflights it)', request('POST', { origin: 'https://evil.example', 'content-type': 'application/json' }), false],
  ])('%s', (_name, req, forbidden) => {
    expect(crossSiteFormPost(req, url)).toBe(forbidden);
  });
});
