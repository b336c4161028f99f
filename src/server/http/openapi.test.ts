import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument, operations } from './openapi.ts';

function apiPages(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? apiPages(full) : [full];
  });
}

describe('OpenAPI description', () => {
  it('describes every endpoint file under src/pages/api', () => {
    const root = path.resolve('src/pages/api');
    const described = new Set(operations.map((operation) => operation.path));
    const files = apiPages(root)
      .filter((file) => !file.includes('[...') && !file.endsWith('openapi.json.ts'))
      .map((file) => '/' + path.relative(root, file).replace(/\.ts$/, '').replace(/\[(\w+)\]/g, '{$1}'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(described, file).toContain(file);
  });

  it('renders request schemas from zod, field names included', () => {
    const document = openApiDocument('Test Bank');
    const register = (document.paths['/v1/auth/register'] as any).post.requestBody.content['application/json'].schema;
    expect(Object.keys(register.properties)).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'email', 'phone_number', 'password', 'password_confirmation', 'terms']),
    );
    expect(JSON.parse(JSON.stringify(document)).openapi).toBe('3.1.0');
    const history = (document.paths['/v1/transaction/history/{accountNumber}'] as any).get;
    expect(history.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)).toEqual(
      expect.arrayContaining(['path:accountNumber', 'query:page', 'query:per_page', 'query:q']),
    );
  });
});
