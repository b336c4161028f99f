import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../testing/test-app.ts';
import type { Db } from '../../db/connection.ts';
import { createSandboxIdentity, sandboxIdentityTestData } from './sandbox-identity.ts';

const identity = createSandboxIdentity({ db: undefined as unknown as Db, clock: new ManualClock(Date.parse('2026-11-21T09:00:00Z')) });
const asker = { firstName: 'Chioma', lastName: 'Okeke' };
const match = (bvn: string, dateOfBirth: string, name = asker) => identity.matchBvn({ bvn, dateOfBirth, ...name });
const proof = { firstName: 'Chioma', lastName: 'Okeke', address: '7 Bode Thomas Street', city: 'Surulere', state: 'Lagos', lga: 'Surulere', proofType: 'utility_bill' };

describe('the sandbox identity service', () => {
  it('22222222222 and 30000xxxxxx are the asker’s own record, born 1990-01-01', async () => {
    expect(await match('22222222222', '1990-01-01')).toMatchObject({ outcome: 'match', reference: expect.stringMatching(/^BVN-20261121-/) });
    expect(await match('30000123456', '1990-01-01')).toMatchObject({ outcome: 'match' });
    expect(await match('22222222222', '1990-01-02')).toMatchObject({ outcome: 'mismatch', fields: ['date_of_birth'] });
    expect(await match('30000999999', '1985-03-02')).toMatchObject({ outcome: 'mismatch', fields: ['date_of_birth'] });
  });

  it('22222222223 is Musa Danjuma, born 1985-03-02: names compared without case or extra spaces', async () => {
    expect(await match('22222222223', '1990-01-01')).toMatchObject({ outcome: 'mismatch', fields: ['name', 'date_of_birth'] });
    expect(await match('22222222223', '1985-03-02')).toMatchObject({ outcome: 'mismatch', fields: ['name'] });
    expect(await match('22222222223', '1985-03-02', { firstName: '  MUSA ', lastName: 'danjuma' })).toMatchObject({ outcome: 'match' });
    expect(await match('22222222223', '1985-03-02', { firstName: 'Musa', lastName: 'Bello' })).toMatchObject({ outcome: 'mismatch', fields: ['name'] });
    expect(await match('22222222223', '1985-03-02', { firstName: 'Ibrahim', lastName: 'Danjuma' })).toMatchObject({ outcome: 'mismatch', fields: ['name'] });
  });

  it('22222222224 and every other number are not found; 22222222225 is unavailable', async () => {
    expect(await match('22222222224', '1990-01-01')).toMatchObject({ outcome: 'not_found' });
    expect(await match('12345678901', '1990-01-01')).toMatchObject({ outcome: 'not_found' });
    expect(await match('3000012345', '1990-01-01')).toMatchObject({ outcome: 'not_found' });
    await expect(match(sandboxIdentityTestData.bvn.unavailable, '1990-01-01')).rejects.toThrow(/unavailable/);
  });

  it('44444444441 and 40000xxxxxx are the asker’s own NIN record, born 1990-01-01, as NIMC would answer', async () => {
    const nin = (number: string, dateOfBirth: string, name = asker) => identity.matchNin({ nin: number, dateOfBirth, ...name });
    expect(await nin('44444444441', '1990-01-01')).toMatchObject({ outcome: 'match', reference: expect.stringMatching(/^NIN-20261121-/) });
    expect(await nin('40000123456', '1990-01-01')).toMatchObject({ outcome: 'match' });
    expect(await nin('40000123456', '1991-01-01')).toMatchObject({ outcome: 'mismatch', fields: ['date_of_birth'] });
    expect(await nin('44444444442', '1988-07-14')).toMatchObject({ outcome: 'mismatch', fields: ['name'] });
    expect(await nin('44444444442', '1990-01-01')).toMatchObject({ outcome: 'mismatch', fields: ['name', 'date_of_birth'] });
    expect(await nin('44444444442', '1988-07-14', { firstName: 'amaka', lastName: ' OKAFOR ' })).toMatchObject({ outcome: 'match' });
    expect(await nin('44444444443', '1990-01-01')).toMatchObject({ outcome: 'not_found' });
    expect(await nin('22222222222', '1990-01-01')).toMatchObject({ outcome: 'not_found' });
    expect(await nin('4000012345', '1990-01-01')).toMatchObject({ outcome: 'not_found' });
    await expect(nin(sandboxIdentityTestData.nin.unavailable, '1990-01-01')).rejects.toThrow(/NIMC unavailable/);
  });

  it('passes any real selfie but the committed fail and retry pictures, against a reference it gave', async () => {
    const picture = (name: string) => new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name)));
    const record = await match('22222222222', '1990-01-01');
    const check = (name: string, mime: 'image/jpeg' | 'image/png') => identity.checkLiveness({ image: picture(name), mime, identityReference: record.reference });
    expect(await check('selfie-pass.jpg', 'image/jpeg')).toEqual({ verdict: 'pass', reference: expect.stringMatching(/^LIV-20261121-[0-9A-F]{10}$/) });
    expect(await check('selfie-fail.jpg', 'image/jpeg')).toMatchObject({ verdict: 'fail' });
    expect(await check('selfie-retry.png', 'image/png')).toMatchObject({ verdict: 'retry' });
    const byNin = await identity.matchNin({ nin: '40000000001', dateOfBirth: '1990-01-01', ...asker });
    expect(await identity.checkLiveness({ image: picture('selfie-pass.jpg'), mime: 'image/jpeg', identityReference: byNin.reference })).toMatchObject({ verdict: 'pass' });
    await expect(identity.checkLiveness({ image: picture('selfie-pass.jpg'), mime: 'image/jpeg', identityReference: 'made-up' })).rejects.toThrow(/unavailable/);
  });

  it('knows the committed fixtures by their SHA-256', () => {
    const digest = (name: string) => createHash('sha256').update(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name))).digest('hex');
    expect(digest('selfie-fail.jpg')).toBe(sandboxIdentityTestData.selfie.fail);
    expect(digest('selfie-retry.png')).toBe(sandboxIdentityTestData.selfie.retry);
  });

  it('verifies an address unless the reference starts with 000; 999999 is unavailable', async () => {
    expect(await identity.verifyAddress({ ...proof, proofReference: 'EKO-4455667788' })).toMatchObject({ outcome: 'verified', reference: expect.stringMatching(/^ADR-/) });
    expect(await identity.verifyAddress({ ...proof, proofReference: '0001234' })).toEqual({ outcome: 'not_verified', reason: 'address_not_on_document', reference: expect.any(String) });
    expect(await identity.verifyAddress({ ...proof, proofReference: '1000000' })).toMatchObject({ outcome: 'verified' });
    await expect(identity.verifyAddress({ ...proof, proofReference: '999999' })).rejects.toThrow(/unavailable/);
  });

  it('answers the same question the same way', async () => {
    expect(await match('22222222222', '1990-01-01')).toEqual(await match('22222222222', '1990-01-01'));
  });
});
