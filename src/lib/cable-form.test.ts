import { english } from '../i18n/testing/in-english.ts';
import { describe, expect, it } from 'vitest';
import type { CablePackage } from './bills.ts';
import { kobo } from './money.ts';
import {
  currentPackageText,
  dueDateText,
  initialPackageId,
  isCompleteSmartcardNumber,
  packageLabel,
  renewalFirst,
  smartcardFingerprint,
  smartcardNotFoundMessage,
} from './cable-form.ts';

const padi: CablePackage = { id: 'dstv-padi', name: 'DStv Padi', amount: kobo(4_400_00) };
const compact: CablePackage = { id: 'dstv-compact', name: 'DStv Compact', amount: kobo(19_000_00) };
const premium: CablePackage = { id: 'dstv-premium', name: 'DStv Premium', amount: kobo(44_500_00) };
const dstv = [padi, compact, premium];

describe('smartcard numbers', () => {
  it('are complete at 10 digits, however they are spaced', () => {
    expect(isCompleteSmartcardNumber('7023 456 789')).toBe(true);
    expect(isCompleteSmartcardNumber('702345678')).toBe(false);
    expect(isCompleteSmartcardNumber('70234567890')).toBe(false);
    expect(english(smartcardNotFoundMessage({ name: 'DStv' }))).toMatch(/^DStv has no smartcard or IUC number like this\./);
  });
});

describe('packages', () => {
  it('put the renewal first, at the price the provider lists today', () => {
    const stale = { ...compact, amount: kobo(15_000_00) };
    expect(renewalFirst(dstv, stale)).toEqual({ renewal: compact, others: [padi, premium] });
    expect(renewalFirst(dstv, null)).toEqual({ renewal: null, others: dstv });
    expect(renewalFirst(dstv, { id: 'dstv-asia' })).toEqual({ renewal: null, others: dstv });
  });
  it('start from what was posted if still offered, else the renewal', () => {
    expect(initialPackageId(dstv, compact, 'dstv-premium')).toBe('dstv-premium');
    expect(initialPackageId(dstv, compact, 'gotv-max')).toBe('dstv-compact');
    expect(initialPackageId(dstv, null)).toBe('');
  });
  it('are labelled with their price', () => {
    expect(packageLabel(compact)).toBe('DStv Compact · ₦19,000.00');
    expect(packageLabel(compact, true)).toBe('Renew DStv Compact · ₦19,000.00');
    expect(currentPackageText({ current_package: compact })).toBe('DStv Compact');
    expect(currentPackageText({ current_package: null })).toBe('No active package');
  });
});

describe('due dates', () => {
  it('say whether the subscription is due or has expired', () => {
    expect(dueDateText('2026-12-21', '2026-11-21')).toBe('Due on 21 Dec 2026');
    expect(dueDateText('2026-11-21', '2026-11-21')).toBe('Due on 21 Nov 2026');
    expect(dueDateText('2026-11-11', '2026-11-21')).toBe('Expired on 11 Nov 2026');
    expect(dueDateText(null, '2026-11-21')).toBeNull();
  });
});

describe('fingerprints', () => {
  it('stand for one card however its number is spaced', () => {
    const card = { provider_id: 'dstv', smartcard_number: '7023456789' };
    expect(smartcardFingerprint({ ...card, smartcard_number: '7023 456 789' })).toBe(smartcardFingerprint(card));
  });
});
