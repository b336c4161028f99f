import fs from 'node:fs';
import path from 'node:path';
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { statusForCode } from './respond.ts';
import { errorCodesOf, openApiDocument, operations } from './openapi.ts';

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

  it("passes Spectral's spectral:oas ruleset with no error, warning, hint or note", async () => {
    const spectral = new spectralCore.Spectral();
    // As a .spectral.yaml of `extends: spectral:oas` (the CLI's way): the ruleset's recommended rules.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
    const results = await spectral.run(new spectralCore.Document(JSON.stringify(openApiDocument('Test Bank')), Json));
    expect(results.map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`)).toEqual([]);
  });

  it('gives every operation an id, a tag, a description, and a success schema from zod', () => {
    const document = openApiDocument('Test Bank');
    const described = Object.values(document.paths).flatMap((methods) => Object.values(methods)) as Array<{ operationId: string; tags: string[]; description: string; responses: Record<string, any> }>;
    expect(described).toHaveLength(operations.length);
    expect(new Set(described.map((operation) => operation.operationId)).size).toBe(operations.length);
    for (const operation of described) {
      expect(operation.tags, operation.operationId).toHaveLength(1);
      expect(operation.description.length, operation.operationId).toBeGreaterThan(5);
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, operation.operationId).toBeGreaterThan(0);
      for (const [, response] of success) {
        const schema = response.content['application/json'].schema;
        const ref: string = schema.properties?.data?.$ref ?? schema.$ref;
        expect(ref, operation.operationId).toMatch(/^#\/components\/schemas\/\w+$/);
        expect(document.components.schemas, operation.operationId).toHaveProperty(ref.split('/').pop()!);
      }
    }
    const user = (document.components.schemas as Record<string, any>).User;
    expect(Object.keys(user.properties)).toEqual(expect.arrayContaining(['id', 'email', 'accounts', 'is_email_verified']));
  });

  it('lists each error status an operation can answer with its codes, Retry-After on 429', () => {
    const document = openApiDocument('Test Bank');
    for (const operation of operations) {
      const responses = (document.paths[operation.path] as any)[operation.method].responses as Record<string, any>;
      const codes = errorCodesOf(operation);
      const statuses = [...new Set(codes.map((code) => String(statusForCode[code])))];
      expect(Object.keys(responses).filter((status) => !status.startsWith('2') && status !== '500' && status !== '503').sort()).toEqual(statuses.sort());
      for (const status of statuses) {
        const listed = responses[status].content['application/json'].schema.properties.code.enum;
        expect(listed).toEqual(codes.filter((code) => String(statusForCode[code]) === status));
        if (status === '429') expect(responses[status].headers).toHaveProperty('Retry-After');
      }
      expect(responses['500'].content['application/json'].schema.properties.code.enum).toEqual(['INTERNAL_ERROR']);
    }
    const login = (document.paths['/v1/auth/login'] as any).post.responses;
    expect(login['422'].content['application/json'].schema.properties.code.enum).toEqual(expect.arrayContaining(['VALIDATION_FAILED', 'INVALID_CREDENTIALS']));
    expect(login['423'].content['application/json'].schema.properties.code.enum).toEqual(['ACCOUNT_LOCKED']);
    const transfer = (document.paths['/v1/transfer/bank/{sendAccount}'] as any).post.responses;
    expect(transfer['423'].content['application/json'].schema.properties.code.enum).toEqual(expect.arrayContaining(['PIN_LOCKED', 'ACCOUNT_FROZEN', 'INSTANT_PAYMENTS_OFF']));
    expect(transfer['502'].content['application/json'].schema.properties.data.$ref).toBe('#/components/schemas/Transaction');
  });

  it('names the session cookie as browsers get it over https', () => {
    const { cookie } = openApiDocument('Test Bank').components.securitySchemes;
    expect(cookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: '__Host-session' });
  });
});
