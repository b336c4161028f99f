import { describe, expect, it } from 'vitest';
import { newId, orderedId } from './ids.ts';

describe('ids', () => {
  it('orderedId sorts in the order the ids were made, within one millisecond and across them', () => {
    const at = new Date('2026-11-27T12:00:00.000Z');
    const made = [
      ...Array.from({ length: 50 }, () => orderedId('je', at)),
      ...Array.from({ length: 50 }, () => orderedId('je', new Date(at.getTime() + 1))),
      orderedId('je', new Date('2027-01-01T00:00:00.000Z')),
    ];
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
    for (const id of made) expect(id).toMatch(/^je_[0-9a-z]{9}[0-9a-z]{4}[A-Za-z0-9_-]{8}$/);
  });

  it('newId stays random (for what must not be guessed): no order, 96 random bits', () => {
    const ids = Array.from({ length: 50 }, () => newId('ses'));
    expect([...ids].sort()).not.toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^ses_[A-Za-z0-9_-]{16}$/);
  });

  it('ids drawn across many refills of the random pool never repeat a draw', () => {
    // 4 KiB a fill: 3,000 ids of 12 bytes and 3,000 of 6 cross the refill about 13 times.
    const ids = Array.from({ length: 3000 }, () => [newId('ses'), orderedId('txn', new Date())]).flat();
    expect(new Set(ids).size).toBe(ids.length);
    const tails = ids.filter((id) => id.startsWith('txn_')).map((id) => id.slice(-8));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
