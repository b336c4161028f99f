import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

describe('safeNextPath', () => {
  it.each([
    ['/transfer/send?to=local', '/transfer/send?to=local'],
    ['/pay/ABC123', '/pay/ABC123'],
    ['/a/../dashboard', '/dashboard'],
    ['/%5c/evil.example', '/%5c/evil.example'],
  ])('keeps a path on this site: %s', (given, kept) => {
    expect(safeNextPath(given)).toBe(kept);
  });

  it.each([
    // Paths that only become another host once normalised.
    '/.//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/a/..//evil.example',
    '/a/%2e%2e//evil.example',
    '/./\u002f/evil.example',
    '/..//evil.example',
    // And the plain ones.
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\tevil',
    '/login',
    '/logout',
    '/api/v1/auth/logout',
    '',
    null,
    undefined,
  ])('refuses %j', (given) => {
    expect(safeNextPath(given)).toBeNull();
  });

  it('never returns anything a browser reads as another host', () => {
    for (const prefix of ['/.', '/%2e', '/a/..', '/%2e%2e', '/./.', '/a/b/../..']) {
      for (const tail of ['//evil.example', '/\\evil.example', '//evil.example/x?y=1']) {
        const kept = safeNextPath(prefix + tail);
        if (kept !== null) expect(new URL(kept, 'https://bank.example').origin, prefix + tail).toBe('https://bank.example');
      }
    }
  });
});
