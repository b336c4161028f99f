import fs from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { appOrigin } from './customers.ts';
import { decodeQuotedPrintable, mailsTo } from './outbox.ts';
import { outboxDir } from './data-dir.ts';

/**
 * The sandbox identity service's test data (src/server/integrations/identity/sandbox-identity.ts).
 * A BVN links to one customer only, so a test that must reach Tier 2 uses a BVN of its own
 * from the 30000xxxxxx family (the asker's own record, born 1990-01-01, like 22222222222).
 */
export const testBvns = { ownRecord: '22222222222', someoneElse: '22222222223', notFound: '22222222224', unavailable: '22222222225' } as const;
export const ownRecordBirthDate = '1990-01-01';
export function ownBvnOfThisTest(): string {
  return `30000${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** A NIN links to one customer only, as a BVN does: the 40000xxxxxx family is the asker's own record. */
export const testNins = { ownRecord: '44444444441', someoneElse: '44444444442', notFound: '44444444443', unavailable: '44444444444' } as const;
export function ownNinOfThisTest(): string {
  return `40000${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The committed selfies the sandbox answers by (src/server/integrations/identity/fixtures/). */
export const selfies = Object.fromEntries(
  (['pass', 'fail', 'retry'] as const).map((verdict) => [verdict, path.join(import.meta.dirname, '../../src/server/integrations/identity/fixtures', verdict === 'retry' ? 'selfie-retry.png' : `selfie-${verdict}.jpg`)]),
) as Record<'pass' | 'fail' | 'retry', string>;

/** A NIN of its own and a passing selfie through the API (a real multipart upload): the customer may move money. */
export async function proveIdentityThroughApi(request: APIRequestContext): Promise<string> {
  const headers = { origin: appOrigin(), accept: 'application/json' };
  const nin = ownNinOfThisTest();
  const verified = await request.post('/api/v1/kyc/nin', { data: { nin, date_of_birth: ownRecordBirthDate }, headers });
  if (!verified.ok()) throw new Error(`NIN not verified: ${verified.status()} ${await verified.text()}`);
  const selfie = await request.post('/api/v1/kyc/liveness', { multipart: { selfie: { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(selfies.pass) } }, headers });
  if (!selfie.ok()) throw new Error(`selfie refused: ${selfie.status()} ${await selfie.text()}`);
  return nin;
}

/** POST /api/v1/transfer/local/{from} with a fresh Idempotency-Key: the status and the envelope. */
export async function sendLocalThroughApi(request: APIRequestContext, from: string, body: { account_number: string; amount: number; pin: string; narration?: string }) {
  const response = await request.post(`/api/v1/transfer/local/${from}`, {
    data: { narration: '', ...body },
    headers: { accept: 'application/json', origin: appOrigin(), 'idempotency-key': `kyc-e2e-${Date.now()}-${randomInt(1e9)}` },
  });
  return { status: response.status(), body: (await response.json()) as { success: boolean; code?: string; message: string } };
}

/** The tier-raised mails sent to `email` (decoded text), oldest first. */
export function tierMails(email: string): string[] {
  return mailsTo(email)
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir(), file), 'utf8')))
    .filter((text) => /your account is now Tier \d/.test(text));
}
