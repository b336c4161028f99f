import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer } from '../testing/customers.ts';
import { inProcessApi, type InProcessApi } from '../testing/in-process-api.ts';
import { maxSelfieBytes } from '../core/kyc/selfie-image.ts';
import { livenessOutcomeSchema, kycOutcomeSchema, userJsonSchema } from '../../lib/response-schemas.ts';

const born = '1990-01-01';
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../integrations/identity/fixtures', name));

/**
 * POST /v1/kyc/nin and /v1/kyc/liveness through the endpoint files in process, on both engines:
 * the envelope, the codes, and a selfie sent as a real multipart/form-data upload (undici's
 * FormData encodes it, as a browser would).
 */
describeOnEngines('KYC over the API (%s)', (t) => {
  let api: InProcessApi;
  let me: { userId: string };
  let token: string;

  beforeEach(async () => {
    api = inProcessApi(t().app);
    me = await customer(t().app, { identity: false });
    token = (await t().app.sessions.create(me.userId)).token;
  });

  const call = (method: string, route: string, json?: unknown) => api.call<Record<string, any>>(method, route, { token, ...(json === undefined ? {} : { json }) });
  const upload = async (file: Uint8Array | null, name = 'me.jpg', type = 'image/jpeg') => {
    const form = new FormData();
    form.set('note', 'from a test');
    if (file) form.set('selfie', new Blob([new Uint8Array(file)], { type }), name);
    // Encoded once as a browser sends it (boundary and all), then posted as bytes.
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    const headers = { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! };
    const response = await api.fetch(new Request('http://bank.test/api/v1/kyc/liveness', { method: 'POST', headers, body }));
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  };

  it('GET /v1/profile says tier 0 and no identity, then the NIN', async () => {
    const before = await call('GET', '/api/v1/profile');
    expect(before).toMatchObject({ status: 200, json: { data: { tier: 0, is_bvn_verified: false, is_nin_verified: false } } });
    expect(userJsonSchema.safeParse(before.json.data).success).toBe(true);

    const verified = await call('POST', '/api/v1/kyc/nin', { nin: '40000 000 501', date_of_birth: born });
    expect(verified).toMatchObject({ status: 200, json: { success: true, message: expect.stringContaining('Tier 1'), data: { user: { tier: 1, is_nin_verified: true }, kyc: { nin: { verified: true, last4: '0501' } } } } });
    expect(kycOutcomeSchema.safeParse(verified.json.data).success).toBe(true);
    expect(await call('GET', '/api/v1/profile')).toMatchObject({ json: { data: { tier: 1, is_bvn_verified: false, is_nin_verified: true } } });
    expect(await call('POST', '/api/v1/kyc/nin', { nin: '40000000502', date_of_birth: born })).toMatchObject({ status: 409, json: { code: 'DUPLICATE' } });
  });

  it('POST /v1/kyc/nin: 422 NIN_MISMATCH and NIN_NOT_FOUND with field notes, 409 for another customer’s NIN, 502 when NIMC is down', async () => {
    expect(await call('POST', '/api/v1/kyc/nin', { nin: '1234', date_of_birth: born })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { nin: ['Your NIN is exactly 11 digits'] } } });
    expect(await call('POST', '/api/v1/kyc/nin', { nin: '44444444441', date_of_birth: '1991-01-01' })).toMatchObject({ status: 422, json: { code: 'NIN_MISMATCH', errors: { date_of_birth: [expect.any(String)] } } });
    expect(await call('POST', '/api/v1/kyc/nin', { nin: '44444444443', date_of_birth: born })).toMatchObject({ status: 422, json: { code: 'NIN_NOT_FOUND', errors: { nin: ['No NIN record has these 11 digits'] } } });
    expect((await call('POST', '/api/v1/kyc/nin', { nin: '44444444444', date_of_birth: born })).json).toMatchObject({ code: 'PROVIDER_FAILED' });
    const other = await customer(t().app, { identity: false });
    expect((await t().app.kyc.verifyNin(other.userId, { nin: '40000000503', date_of_birth: born })).ok).toBe(true);
    expect(await call('POST', '/api/v1/kyc/nin', { nin: '40000000503', date_of_birth: born })).toMatchObject({ status: 409, json: { code: 'DUPLICATE', message: 'This NIN is already linked to another account at this bank.' } });
  });

  it('POST /v1/kyc/liveness: 409 NO_IDENTITY first, then a real upload that passes, kept without the picture', async () => {
    expect(await upload(new Uint8Array(fixture('selfie-pass.jpg')))).toMatchObject({ status: 409, json: { success: false, code: 'NO_IDENTITY' } });
    await call('POST', '/api/v1/kyc/bvn', { bvn: '30000000501', date_of_birth: born });
    const passed = await upload(new Uint8Array(fixture('selfie-pass.jpg')));
    expect(passed).toMatchObject({ status: 200, json: { success: true, message: expect.stringContaining('money can now move'), data: { verdict: 'pass', review_case: null, kyc: { liveness: { passed: true }, can_move_money: true } } } });
    expect(livenessOutcomeSchema.safeParse(passed.json.data).success).toBe(true);
    const rows = await t().app.db.selectFrom('kyc_checks').selectAll().where('user_id', '=', me.userId).where('kind', '=', 'liveness').execute();
    expect(rows.map((row) => row.outcome)).toEqual(['pass']);
    expect(JSON.stringify(rows)).not.toContain(fixture('selfie-pass.jpg').toString('base64').slice(0, 40));
  });

  it('the file is judged by its bytes: a renamed text file is 422, none is 422, a JSON body is 422, over 5 MiB is 413', async () => {
    await t().app.kyc.verifyBvn(me.userId, { bvn: '30000000502', date_of_birth: born });
    expect(await upload(new TextEncoder().encode('not a picture at all'), 'selfie.jpg', 'image/jpeg')).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { selfie: ['This is not a JPEG or PNG photo'] } } });
    expect(await upload(null)).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { selfie: [expect.any(String)] } } });
    expect(await call('POST', '/api/v1/kyc/liveness', { selfie: 'aGVsbG8=' })).toMatchObject({ status: 422, json: { code: 'VALIDATION_FAILED', errors: { selfie: [expect.stringContaining('multipart/form-data')] } } });
    const big = new Uint8Array(maxSelfieBytes + 1);
    big.set(fixture('selfie-pass.jpg'));
    expect(await upload(big)).toMatchObject({ status: 413, json: { code: 'PAYLOAD_TOO_LARGE' } });
    const huge = new Uint8Array(maxSelfieBytes + 200 * 1024);
    expect(await upload(huge)).toMatchObject({ status: 413, json: { code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('5 MB') } });
  });

  it('the third failed selfie of the day answers with the case a person looks at', async () => {
    await t().app.kyc.verifyNin(me.userId, { nin: '40000000504', date_of_birth: born });
    expect(await upload(new Uint8Array(fixture('selfie-retry.png')), 'me.png', 'image/png')).toMatchObject({ status: 200, json: { data: { verdict: 'retry' }, message: expect.stringContaining('could not judge') } });
    expect(await upload(new Uint8Array(fixture('selfie-fail.jpg')))).toMatchObject({ status: 200, json: { data: { verdict: 'fail', review_case: null } } });
    expect(await upload(new Uint8Array(fixture('selfie-fail.jpg')))).toMatchObject({ status: 200, json: { data: { verdict: 'fail', review_case: null } } });
    const third = await upload(new Uint8Array(fixture('selfie-fail.jpg')));
    expect(third).toMatchObject({ status: 200, json: { data: { verdict: 'fail', review_case: expect.stringMatching(/^HB-CASE-/), kyc: { can_move_money: false } } } });
    expect(third.json.message).toContain(third.json.data.review_case);
  });
});
