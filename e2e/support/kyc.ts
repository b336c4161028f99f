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
