import { expect } from '@playwright/test';
import type { ReceiptPage } from '../page-models/receipt-page.ts';

/**
 * What every payment's receipt says when the provider failed it: the money came back. Waits
 * for the receipt and returns its reference.
 */
export async function expectReversed(receipt: ReceiptPage, expected: { heading: string; explanation: string[] }): Promise<string> {
  const reference = await receipt.arrived();
  await expect(receipt.heading).toHaveText(expected.heading);
  await expect(receipt.status).toHaveText('Reversed');
  for (const part of expected.explanation) await expect(receipt.explanation).toContainText(part);
  return reference;
}

/**
 * A payment the provider left unanswered: the receipt says it is pending, and "Check status"
 * asks again and answers with the same receipt, now successful, with nothing left to check.
 */
export async function expectPendingThenSettled(receipt: ReceiptPage, expected: { pending: string; explanation: string; settled: string }): Promise<void> {
  const reference = await receipt.arrived();
  await expect(receipt.heading).toHaveText(expected.pending);
  await expect(receipt.status).toHaveText('Pending');
  await expect(receipt.explanation).toContainText(expected.explanation);
  await receipt.checkStatus();
  expect(new URL(receipt.page.url()).searchParams.get('reference')).toBe(reference);
  await expect(receipt.status).toHaveText('Successful');
  await expect(receipt.heading).toHaveText(expected.settled);
  await expect(receipt.checkStatusButton).toHaveCount(0);
}
