import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../testing/test-app.ts';
import { customer, testPin } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { verifyLedger } from '../core/ledger/verify-ledger.ts';
import { openApiDocument } from './openapi.ts';
import { maxBodyBytes } from './body.ts';

/**
 * Every operation of /api/openapi.json, sent malformed requests by the thousand as a
 * funded, onboarded customer (and as nobody, a stranger, another customer): wrong types, missing
 * and extra fields, huge strings, control characters, prototype keys, odd numbers, bad JSON,
 * wrong content types, odd paths. No answer is 5xx, every answer is the JSON envelope, and no
 * money moves: balances, transaction counts and the ledger check are the same afterwards.
 *
 * Deterministic: the cases come from a fixed fast-check seed (FUZZ_SEED to try another; it is
 * logged), generated from placeholders so both engines get the very same requests.
 * FUZZ_REQUESTS sets how many random ones per engine (a sweep of every field and filter comes on
 * top); FUZZ_DEBUG=1 prints every answer's status.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20_261_121);
const requestsPerEngine = Number(process.env.FUZZ_REQUESTS ?? 2_400);

// ---- what the document says -------------------------------------------------------------

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; allOf?: JsonSchema[]; anyOf?: JsonSchema[] };
type Operation = { method: string; path: string; fields: Record<string, JsonSchema>; required: string[]; query: string[]; hasBody: boolean };

function operationsOf(document: ReturnType<typeof openApiDocument>): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods as Record<string, any>)) {
      const schema: JsonSchema | undefined = spec.requestBody?.content?.['application/json']?.schema;
      const fields: Record<string, JsonSchema> = {};
      const required: string[] = [];
      const collect = (node: JsonSchema) => {
        Object.assign(fields, node.properties ?? {});
        required.push(...(node.required ?? []));
        for (const part of node.allOf ?? []) collect(part);
      };
      if (schema) collect(schema);
      const query = ((spec.parameters ?? []) as { in: string; name: string }[]).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      found.push({ method: method.toUpperCase(), path, fields, required, query, hasBody: Boolean(schema) });
    }
  }
  return found;
}

// ---- placeholders, resolved per engine ---------------------------------------------------

const OWN_ACCOUNT = '«own-account»';
const OTHER_ACCOUNT = '«other-account»';
const OWN_BENEFICIARY = '«own-beneficiary»';
const OTHER_BENEFICIARY = '«other-beneficiary»';
const OWN_REFERENCE = '«own-reference»';
const OTHER_REFERENCE = '«other-reference»';
const OWN_BANK = '«own-bank»';
const OTHER_EMAIL = '«other-email»';
const placeholders = [OWN_ACCOUNT, OTHER_ACCOUNT, OWN_BENEFICIARY, OTHER_BENEFICIARY, OWN_REFERENCE, OTHER_REFERENCE, OWN_BANK, OTHER_EMAIL];

// ---- the generators ------------------------------------------------------------------------

/** Four digits, never the customers' PIN: no generated request can authorise a payment. */
const wrongPin = fc.integer({ min: 0, max: 9999 }).map((value) => String(value).padStart(4, '0')).filter((pin) => pin !== testPin);

const controlText = fc.constantFrom('\u0000', 'a\u0000b', 'Lagos\u0000', '\u0007', '\t', 'line\nbreak', '\r\n', '\u001b[31m', '\u007f', '\u0085', '\u009f', '\ud800', 'x\udc00y');
const oddText = fc.constantFrom(
  '',
  ' ',
  '   ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table accounts; --',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u202eevil',
  'zero\u200bwidth',
  'Visit harmattan-verify.ng now',
  'Ọlá Adébáyọ̀',
  '🍢🇳🇬',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '0x1f4',
  '0b111110100',
  ' 500 ',
  '500.0',
  '9007199254740993',
  '99999999999999999999999',
  'null',
  'true',
  'undefined',
);
const hugeText = fc.constantFrom(2_000, 10_000, 60_000).map((length) => 'A'.repeat(length));
const oddNumber = fc.constantFrom(0, -0, -1, 1, 99, 100.5, 0.1, 1e-7, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 150_000, 50_000, 1_000_000_000_000);
const prototypeObject = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"admin":true,"amount":100}}'),
  JSON.parse('{"constructor":{"prototype":{"admin":true}}}'),
  {},
  [],
  [500],
  [[500]],
  ['0123456789'],
  { amount: 500 },
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddText },
  { weight: 3, arbitrary: controlText },
  { weight: 1, arbitrary: hugeText },
  { weight: 3, arbitrary: oddNumber },
  { weight: 2, arbitrary: prototypeObject },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt().map((value) => value.toString()) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * A plausible value for a field, by name: the starting point a mutation then breaks. The first
 * one is valid and most likely, so a single mutation usually meets an otherwise valid body and
 * reaches the service and the database.
 */
function plausible(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const options = plausibleOptions(name, schema).filter((option) => option !== testPin);
  return fc.oneof({ weight: 6, arbitrary: fc.constant(options[0]) }, { weight: 1, arbitrary: fc.constantFrom(...options) }, { weight: name.includes('pin') ? 6 : 0, arbitrary: wrongPin });
}

function plausibleOptions(name: string, schema: JsonSchema): unknown[] {
  switch (name) {
    case 'account_number':
      return [OTHER_ACCOUNT, OWN_ACCOUNT, '0000000000', '0123456789'];
    case 'sender_account_number':
      return ['0123456789'];
    case 'bank_code':
    case 'sender_bank_code':
      return [OWN_BANK, '000013', '999999'];
    case 'amount':
      return [150_000, 100, 5_000, 50_000_00];
    case 'pin':
    case 'current_pin':
    case 'pin_confirmation':
      return ['1357', '0000', '9999'];
    case 'email':
      return [OTHER_EMAIL, 'nobody@example.com'];
    case 'password':
    case 'current_password':
    case 'password_confirmation':
      return ['wrong password here', 'a long enough passphrase'];
    case 'first_name':
    case 'last_name':
      return ['Adaeze', "O'Neil-Okafor"];
    case 'phone_number':
      return ['08031234567', '+2348031234567'];
    case 'otp':
    case 'token':
      return ['123456', '000000'];
    case 'idempotency_key':
      return ['fuzz-idempotency-key-1', 'short'];
    case 'security_question_id':
      return [1, '2', 7];
    case 'date_of_birth':
    case 'start_date':
    case 'end_date':
      return ['1990-05-17', '2026-02-30', '2026-11-21'];
    case 'network_id':
    case 'provider_id':
      return ['mtn', 'airtel', 'ikeja-electric', 'dstv', 'constructor'];
    default: {
      const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
      if (type === 'integer' || type === 'number') return [1, 500];
      if (type === 'boolean') return [true, false];
      return ['Lagos', 'Suya money', 'x'];
    }
  }
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; type: string }
  | { kind: 'form'; value: Record<string, unknown>; multipart: boolean }
  | { kind: 'raw'; text: string; type: string | null }
  | { kind: 'bytes'; bytes: number[]; type: string }
  | { kind: 'stream'; size: number; type: string };

type Case = { operation: number; method: string; path: string; query: string; identity: 'main' | 'none' | 'stranger' | 'other'; headers: Record<string, string>; body: Body };

const badJson = fc.constantFrom('{', '}', '{"amount":', '[1,2]', '[]', 'null', '"text"', '123', 'true', '{"a":1,}', "{'a':1}", '{"a":NaN}', '\u0000', '{"__proto__":', '\ufeff{}', '{"a":"\\ud800"}');

function pathArbitrary(template: string): fc.Arbitrary<string> {
  const parameter = (name: string): fc.Arbitrary<string> => {
    const odd = fc.constantFrom('%00', '', '%E0%A4%A', '%C0%AF', '..', '%2e%2e', '%2F', 'constructor', '__proto__', 'toString', '%0A', '%7F', 'x'.repeat(3_000), '0', '-1', '%20', '%F0%9F%8D%A2');
    const typical: Record<string, fc.Arbitrary<string>> = {
      accountNumber: fc.oneof({ weight: 6, arbitrary: fc.constant(OWN_ACCOUNT) }, { weight: 1, arbitrary: fc.constantFrom(OTHER_ACCOUNT, '0000000000') }),
      sendAccount: fc.oneof({ weight: 6, arbitrary: fc.constant(OWN_ACCOUNT) }, { weight: 1, arbitrary: fc.constantFrom(OTHER_ACCOUNT, '0000000000') }),
      beneficiary: fc.constantFrom(OWN_BENEFICIARY, OTHER_BENEFICIARY, 'ben_missing'),
      reference: fc.constantFrom(OWN_REFERENCE, OTHER_REFERENCE, 'NOPE123'),
      providerId: fc.constantFrom('mtn', 'glo', 'dstv', 'ikeja-electric', 'nothing'),
      cableId: fc.constantFrom('dstv', 'gotv', 'nothing'),
    };
    return fc.oneof({ weight: 10, arbitrary: typical[name] ?? fc.constant('x') }, { weight: 2, arbitrary: odd }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) });
  };
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const suffix = fc.oneof({ weight: 8, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', '//', '/extra', '%00', '/..', '/%E0%A4%A') });
  return fc.tuple(fc.tuple(...names.map(parameter)), suffix).map(([values, tail]) => {
    let index = 0;
    return '/api' + template.replace(/\{\w+\}/g, () => values[index++]!) + tail;
  });
}

const validQuery: Record<string, string> = { page: '1', per_page: '20', type: 'debit', category: 'transfer', from: '2026-01-01', to: '2026-12-31', q: 'suya' };
const oddQueryValue = fc.oneof(
  fc.constantFrom('0', '-1', '1e3', '0x10', '%202', '2.0', '101', '999999999', '%00', 'a%00b', '%0A', '%1B', '%C2%85', '%E0%A4%A', '', 'NaN', '2026-02-30', 'constructor', '__proto__', 'x'.repeat(500)),
  fc.string({ maxLength: 10 }).map(encodeURIComponent),
);

/** Valid filters with at most one made odd, so the odd one reaches the query (and the database). */
function queryArbitrary(names: string[]): fc.Arbitrary<string> {
  if (names.length === 0) return fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: oddQueryValue.map((value) => `?q=${value}`) });
  const chosen = fc.subarray(names);
  const odd = fc.option(fc.tuple(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'page[]', '%00') }), oddQueryValue), { nil: null, freq: 2 });
  return fc.tuple(chosen, odd).map(([keys, change]) => {
    const pairs = keys.map((key) => [key, validQuery[key] ?? '1'] as [string, string]);
    if (change) pairs.push(change);
    return pairs.length === 0 ? '' : '?' + pairs.map(([key, value]) => `${key}=${value}`).join('&');
  });
}

function bodyArbitrary(operation: Operation): fc.Arbitrary<Body> {
  const names = Object.keys(operation.fields);
  const base = fc.record(Object.fromEntries(names.map((name) => [name, plausible(name, operation.fields[name]!)]))) as fc.Arbitrary<Record<string, unknown>>;
  type Mutation = (fields: Record<string, unknown>) => Record<string, unknown>;
  const targets = names.length > 0 ? fc.constantFrom(...names) : fc.constant('anything');
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(targets, oddValue).map(([name, value]): Mutation => (fields) => ({ ...fields, [name]: value })) },
    { weight: 2, arbitrary: (operation.required.length > 0 ? fc.constantFrom(...operation.required) : targets).map((name): Mutation => (fields) => Object.fromEntries(Object.entries(fields).filter(([key]) => key !== name))) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'user_id', 'tier', 'balance', 'is_admin', 'status', 'fee', 'account_name'), oddValue).map(
        ([name, value]): Mutation => (fields) => {
          const copy = { ...fields };
          Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
          return copy;
        },
      ),
    },
    { weight: 1, arbitrary: fc.constant((): Record<string, unknown> => ({})) },
  );
  const mutations = fc.oneof({ weight: 4, arbitrary: mutation.map((one) => [one]) }, { weight: 1, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) });
  const mutated = fc.tuple(base, mutations).map(([fields, changes]) => changes.reduce((current, change) => change(current), fields));
  return fc.oneof(
    { weight: 8, arbitrary: mutated.map((value): Body => ({ kind: 'json', value, type: 'application/json' })) },
    { weight: 1, arbitrary: fc.tuple(mutated, fc.constantFrom('text/plain', 'application/json; charset=utf-16', 'application/xml', 'application/vnd.api+json', '')).map(([value, type]): Body => ({ kind: 'json', value, type })) },
    { weight: 2, arbitrary: fc.tuple(mutated, fc.boolean()).map(([value, multipart]): Body => ({ kind: 'form', value, multipart })) },
    { weight: 2, arbitrary: fc.tuple(badJson, fc.constantFrom<string | null>('application/json', null, 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x')).map(([text, type]): Body => ({ kind: 'raw', text, type })) },
    { weight: 1, arbitrary: fc.constantFrom<Body>({ kind: 'bytes', bytes: [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d], type: 'application/json' }, { kind: 'bytes', bytes: [0xc0, 0xaf, 0x3d, 0x31], type: 'application/x-www-form-urlencoded' }) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(maxBodyBytes + 1, 200 * 1024, 900 * 1024), fc.constantFrom('application/json', 'multipart/form-data; boundary=fuzz', 'application/x-www-form-urlencoded')).map(([size, type]): Body => ({ kind: 'stream', size, type })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

function caseArbitrary(operation: Operation, index: number): fc.Arbitrary<Case> {
  const methods = fc.oneof({ weight: 12, arbitrary: fc.constant(operation.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') });
  const identity = fc.oneof({ weight: 12, arbitrary: fc.constant('main' as const) }, { weight: 1, arbitrary: fc.constantFrom('none' as const, 'stranger' as const, 'other' as const) });
  const headers = fc.record(
    {
      'idempotency-key': fc.oneof(fc.uuid(), fc.constantFrom('', 'short', 'x'.repeat(65), 'has space key', '\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9', 'fuzz-key-constant')),
      origin: fc.constantFrom('https://evil.example', 'null', 'http://bank.test'),
    },
    { requiredKeys: [] },
  );
  return fc.record({
    operation: fc.constant(index),
    method: methods,
    path: pathArbitrary(operation.path),
    query: queryArbitrary(operation.query),
    identity,
    headers,
    body: operation.hasBody ? bodyArbitrary(operation) : fc.oneof({ weight: 4, arbitrary: fc.constant<Body>({ kind: 'none' }) }, { weight: 1, arbitrary: bodyArbitrary({ ...operation, fields: { amount: {}, pin: {} }, required: ['amount'] }) }),
  });
}

/**
 * Besides the random cases, a sweep: every field of every body, and every filter of every query,
 * holding a NUL (or, for an integer, text) while the rest is valid, so each reaches its service.
 */
function sweepCases(operation: Operation, index: number): Case[] {
  const base = Object.fromEntries(Object.entries(operation.fields).map(([name, schema]) => [name, plausibleOptions(name, schema).find((option) => option !== testPin)]));
  const path = '/api' + operation.path.replace(/\{(\w+)\}/g, (_, name: string) => ({ accountNumber: OWN_ACCOUNT, sendAccount: OWN_ACCOUNT, beneficiary: OWN_BENEFICIARY, reference: OWN_REFERENCE, providerId: 'mtn', cableId: 'dstv' })[name] ?? 'x');
  const common = { operation: index, method: operation.method, path, identity: 'main' as const, headers: { 'idempotency-key': `sweep-${index}-key` } };
  const cases: Case[] = [];
  for (const [name, schema] of Object.entries(operation.fields)) {
    const integer = schema.type === 'integer' || (schema.anyOf ?? []).some((option) => option.type === 'integer');
    for (const value of integer ? ['500', '1e3', [500]] : ['a\u0000b', 'line\nbreak', '\ud800']) cases.push({ ...common, query: '', body: { kind: 'json', value: { ...base, [name]: value }, type: 'application/json' } });
  }
  for (const name of operation.query) for (const value of ['%00', 'a%0Ab', '%C2%9F']) cases.push({ ...common, query: `?${name}=${value}`, body: { kind: 'none' } });
  for (const parameter of operation.path.matchAll(/\{(\w+)\}/g)) {
    cases.push({ ...common, query: '', path: path.replace(/«[^»]+»|mtn|dstv/, '%00'), body: { kind: 'none' } });
    if (parameter[1] === undefined) break;
  }
  return cases;
}

// ---- sending -------------------------------------------------------------------------------

function resolve(value: unknown, world: Record<string, string>): unknown {
  if (typeof value === 'string') return placeholders.reduce((text, placeholder) => text.replaceAll(placeholder, world[placeholder]!), value);
  if (Array.isArray(value)) return value.map((item) => resolve(item, world));
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) Object.defineProperty(copy, key, { value: resolve(item, world), enumerable: true, writable: true, configurable: true });
    return copy;
  }
  return value;
}

function bigStream(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const length = Math.min(16 * 1024, size - sent);
      sent += length;
      controller.enqueue(new Uint8Array(length).fill(0x61));
    },
  });
}

function requestBody(body: Body, world: Record<string, string>): { body?: BodyInit; type?: string | null; stream?: boolean } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { body: JSON.stringify(resolve(body.value, world)), type: body.type || null };
    case 'form': {
      const value = resolve(body.value, world) as Record<string, unknown>;
      const text = (item: unknown) => (typeof item === 'string' ? item : JSON.stringify(item) ?? String(item));
      if (body.multipart) {
        const form = new FormData();
        for (const [key, item] of Object.entries(value)) form.append(key, text(item));
        return { body: form };
      }
      return { body: new URLSearchParams(Object.entries(value).map(([key, item]) => [key, text(item)])).toString(), type: 'application/x-www-form-urlencoded' };
    }
    case 'raw':
      return { body: body.text, type: body.type };
    case 'bytes':
      return { body: new Uint8Array(body.bytes), type: body.type };
    case 'stream':
      return { body: bigStream(body.size), type: body.type, stream: true };
  }
}

type Snapshot = { balances: Record<string, number>; transactions: number; entries: number; postings: number };

async function snapshot(t: TestApp): Promise<Snapshot> {
  const accounts = await t.app.db.selectFrom('accounts').select(['account_number', 'balance']).execute();
  const count = async (table: 'transactions' | 'journal_entries' | 'postings') => Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    balances: Object.fromEntries(accounts.map((account) => [account.account_number, Number(account.balance)])),
    transactions: await count('transactions'),
    entries: await count('journal_entries'),
    postings: await count('postings'),
  };
}

describe.each(engines)('fuzzing every API operation (%s)', (engine) => {
  let t: TestApp;
  let api: InProcessApi;
  let world: Record<string, string>;
  let tokens: { main: string; other: string };
  let mainUserId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    api = inProcessApi(t.app);
    const main = await customer(t.app, { balance: 10_000_000 });
    const other = await customer(t.app, { balance: 3_000_000 });
    const saved = await customer(t.app);
    mainUserId = main.userId;
    tokens = { main: (await t.app.sessions.create(main.userId)).token, other: (await t.app.sessions.create(other.userId)).token };
    const bank = t.app.config.bank.nipCode;
    const ownBeneficiary = await t.app.beneficiaries.create(main.userId, main.accountNumber, { account_number: saved.accountNumber, bank_code: bank, nickname: 'Sister' });
    const otherBeneficiary = await t.app.beneficiaries.create(other.userId, other.accountNumber, { account_number: main.accountNumber, bank_code: bank });
    if (!ownBeneficiary.ok || !otherBeneficiary.ok) throw new Error('could not save the beneficiaries');
    const reference = async (accountNumber: string) => (await t.app.db.selectFrom('transactions').select('reference').where('account_number', '=', accountNumber).executeTakeFirstOrThrow()).reference;
    const otherProfile = await t.app.users.loadProfile(other.userId);
    world = {
      [OWN_ACCOUNT]: main.accountNumber,
      [OTHER_ACCOUNT]: other.accountNumber,
      [OWN_BENEFICIARY]: ownBeneficiary.value.id,
      [OTHER_BENEFICIARY]: otherBeneficiary.value.id,
      [OWN_REFERENCE]: await reference(main.accountNumber),
      [OTHER_REFERENCE]: await reference(other.accountNumber),
      [OWN_BANK]: bank,
      [OTHER_EMAIL]: otherProfile!.user.email,
    };
  });
  afterAll(async () => t?.close());

  it(`sends ${requestsPerEngine} random malformed requests and a sweep of every field: no 5xx, always the envelope, no money moved`, { timeout: 240_000 }, async () => {
    const operations = operationsOf(openApiDocument(t.app.config.bank.name));
    expect(operations.length).toBeGreaterThanOrEqual(45);
    const perOperation = Math.ceil(requestsPerEngine / operations.length);
    const cases = operations.flatMap((operation, index) => fc.sample(caseArbitrary(operation, index), { seed: seed + index, numRuns: perOperation }));
    // Interleave the operations, so a lock or a throttle one of them sets meets the others too; the sweep goes first, on a fresh customer.
    cases.sort((a, b) => (a.operation * 7919 + a.path.length) % 97 - (b.operation * 7919 + b.path.length) % 97 || a.operation - b.operation);
    cases.unshift(...operations.flatMap(sweepCases));
    console.info(`fuzz (${engine}): seed ${seed}, ${cases.length} requests over ${operations.length} operations`);

    const before = await snapshot(t);
    const ledgerBefore = await verifyLedger(t.app.db);
    expect(ledgerBefore.problems).toEqual([]);

    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let reSignIns = 0;

    const send = async (fuzzCase: Case) => {
      const path = resolve(fuzzCase.path, world) as string;
      const url = `http://bank.test${path}${resolve(fuzzCase.query, world) as string}`;
      const headers = new Headers();
      for (const [name, value] of Object.entries(fuzzCase.headers)) headers.set(name, value);
      if (fuzzCase.identity === 'main') headers.set('authorization', `Bearer ${tokens.main}`);
      if (fuzzCase.identity === 'other') headers.set('authorization', `Bearer ${tokens.other}`);
      if (fuzzCase.identity === 'stranger') headers.set('authorization', 'Bearer not-a-real-session-token');
      const logout = fuzzCase.operation === operations.findIndex((operation) => operation.path === '/v1/auth/logout');
      if (logout && fuzzCase.identity === 'main') headers.set('authorization', `Bearer ${(await t.app.sessions.create(mainUserId)).token}`);
      const body = fuzzCase.method === 'GET' || fuzzCase.method === 'HEAD' ? {} : requestBody(fuzzCase.body, world);
      if (body.type) headers.set('content-type', body.type);
      else if (body.type === null) headers.delete('content-type');
      const label = `${fuzzCase.method} ${path.slice(0, 120)}${fuzzCase.query.slice(0, 60)}`;
      let response: Response;
      try {
        const request = new Request(url, { method: fuzzCase.method, headers, body: body.body, ...(body.stream ? { duplex: 'half' } : {}) } as RequestInit);
        response = await api.fetch(request);
      } catch (error) {
        // A URL the WHATWG parser refuses never reaches a server; anything else thrown is a bug.
        if (error instanceof TypeError && /Invalid URL/i.test(error.message)) return;
        problems.push(`${label}: threw ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (process.env.FUZZ_DEBUG) console.log(response.status, label, fuzzCase.identity, JSON.stringify(fuzzCase.body).slice(0, 80));
      const type = response.headers.get('content-type') ?? '';
      const text = fuzzCase.method === 'HEAD' ? '' : await response.text();
      if (response.status >= 500) problems.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
      if (!type.toLowerCase().startsWith('application/json')) problems.push(`${label}: content-type "${type}"`);
      if (response.status === 405 && !response.headers.get('allow')) problems.push(`${label}: 405 without Allow`);
      if (fuzzCase.method !== 'HEAD') {
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          problems.push(`${label}: not JSON: ${text.slice(0, 80)}`);
          return;
        }
        // The health family answers plain status documents (API.md), as load balancers expect; a
        // successful "download my data" is the file itself (API.md), its errors the envelope.
        const isDownload = path === '/api/v1/profile/export' && response.status === 200;
        const isDocument = isDownload || path === '/api/openapi.json' || path === '/api/health' || path === '/api/health/live' || path === '/api/health/ready';
        const envelope = typeof json?.success === 'boolean' && typeof json.message === 'string' && (json.success ? 'data' in json : typeof json.code === 'string');
        if (!isDocument && !envelope) problems.push(`${label}: not the envelope: ${text.slice(0, 120)}`);
        if (!isDocument && json.success !== (response.status < 400)) problems.push(`${label}: success ${json.success} with ${response.status}`);
      }
      // A request that revoked the customer's session (none should, but the run goes on): sign in again.
      if (response.status === 401 && fuzzCase.identity === 'main') {
        const resolved = await t.app.sessions.resolve(tokens.main);
        if (resolved.status !== 'active') {
          reSignIns += 1;
          tokens.main = (await t.app.sessions.create(mainUserId)).token;
        }
      }
    };

    const started = Date.now();
    // Four at a time: a client's parallel requests, and faster than one by one.
    for (let index = 0; index < cases.length; index += 4) await Promise.all(cases.slice(index, index + 4).map(send));
    const seconds = (Date.now() - started) / 1000;
    console.info(`fuzz (${engine}): ${cases.length} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; signed in again ${reSignIns} times`);

    expect(problems, `seed ${seed}`).toEqual([]);
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1_000);
    expect(await snapshot(t)).toEqual(before);
    const ledgerAfter = await verifyLedger(t.app.db);
    expect(ledgerAfter.problems).toEqual([]);
    expect(ledgerAfter.ok).toBe(true);
  });
});
