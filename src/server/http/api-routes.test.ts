import { describe, expect, it } from 'vitest';
import { checkApiPath } from './api-routes.ts';
import { operations } from './openapi.ts';

describe('checkApiPath', () => {
  it('lets every documented operation through with its own method (and HEAD for GET)', () => {
    for (const operation of operations) {
      const path = '/api' + operation.path.replace(/\{\w+\}/g, '0123456789');
      expect(checkApiPath(path, operation.method.toUpperCase()), `${operation.method} ${path}`).toEqual({ ok: true });
      if (operation.method === 'get') expect(checkApiPath(path, 'HEAD').ok).toBe(true);
    }
    expect(checkApiPath('/api/openapi.json', 'GET').ok).toBe(true);
  });

  it('answers a wrong method on every operation with 405 and Allow', () => {
    for (const operation of operations) {
      const path = '/api' + operation.path.replace(/\{\w+\}/g, '0123456789');
      // A path may take more than one method (GET and POST /v1/cases): Allow lists them all.
      const taken = operations.filter((other) => other.path === operation.path).map((other) => other.method.toUpperCase());
      const allow = ['GET', 'POST'].filter((method) => taken.includes(method)).flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((candidate) => !taken.includes(candidate))) {
        const check = checkApiPath(path, method);
        expect(check.ok, `${method} ${path}`).toBe(false);
        if (!check.ok) {
          expect(check.failure.code).toBe('METHOD_NOT_ALLOWED');
          expect(check.allow?.split(', ').sort()).toEqual(allow.sort());
        }
      }
    }
  });

  it('prefers a fixed segment to a parameter, as Astro routes', () => {
    // /v1/transaction/history/{accountNumber} and not /v1/transaction/{reference} with 3 segments.
    expect(checkApiPath('/api/v1/transaction/history/0123456789', 'GET').ok).toBe(true);
    expect(checkApiPath('/api/v1/transaction/TRX123', 'GET').ok).toBe(true);
    const create = checkApiPath('/api/v1/beneficiaries/create/0123456789', 'GET');
    expect(create).toMatchObject({ ok: false, allow: 'POST' });
  });

  it('answers 404 for unknown paths, empty segments and parameters with control characters', () => {
    for (const path of ['/api/v1/nothing', '/api/v1/beneficiaries/create/', '/api/v1//profile', '/api/', '/api/v1/transaction/%00', '/api/v1/beneficiaries/delete/0123456789/%00', '/api/v1/transaction/a%0Ab', '/api/v1/transaction/%C2%85']) {
      const check = checkApiPath(path, 'POST');
      expect(check.ok, path).toBe(false);
      if (!check.ok) expect(check.failure.code, path).toBe('NOT_FOUND');
    }
  });

  it('answers 400 MALFORMED_REQUEST for a path that is not valid percent-encoding', () => {
    for (const path of ['/api/v1/transaction/%E0%A4%A', '/api/v1/transaction/%', '/api/v1/transaction/%ED%A0%80']) {
      const check = checkApiPath(path, 'GET');
      expect(check.ok, path).toBe(false);
      if (!check.ok) expect(check.failure.code).toBe('MALFORMED_REQUEST');
    }
  });
});
