import { describe, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { balanceOf } from '../../testing/balances.ts';
import { customer, newKey, testPin } from '../../testing/customers.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { succeed } from '../result.ts';
import { Refusal } from '../ledger/ledger.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { idempotencyWindowMs, Replay, requestHash, type Claim } from './idempotency.ts';

describe('requestHash', () => {
  const body = { send_account: '0123456789', account_number: '9876543210', amount: 5_000, narration: 'Rent' };

  it('leaves out the PIN, its confirmation and the key itself', () => {
    expect(requestHash('transfer.local', { ...body, pin: '1234' })).toBe(requestHash('transfer.local', { ...body, pin: '9876' }));
    expect(requestHash('transfer.local', { ...body, pin: '1234', pin_confirmation: '1234', idempotency_key: 'a' })).toBe(requestHash('transfer.local', body));
  });

  it('does not depend on field order or on fields left undefined', () => {
    const reordered = { narration: 'Rent', amount: 5_000, account_number: '9876543210', send_account: '0123456789', beneficiary: undefined };
    expect(requestHash('transfer.local', reordered)).toBe(requestHash('transfer.local', body));
  });

  it('changes with every field that moves money, and with the operation', () => {
    const base = requestHash('transfer.local', body);
    expect(requestHash('transfer.local', { ...body, amount: 5_001 })).not.toBe(base);
    expect(requestHash('transfer.local', { ...body, amount: '5000' })).not.toBe(base);
    expect(requestHash('transfer.local', { ...body, account_number: '9876543211' })).not.toBe(base);
    expect(requestHash('transfer.local', { ...body, narration: 'Rent ' })).not.toBe(base);
    expect(requestHash('transfer.bank', body)).not.toBe(base);
  });
});

describeOnEngines('idempotency on %s', (t) => {
  const storedKeys = (userId: string) => t().app.db.selectFrom('idempotency_keys').select(['key', 'state']).where('user_id', '=', userId).execute();
  const claimFor = (userId: string, body: Record<string, unknown> = { amount: 100 }): Claim => ({ userId, key: newKey(), operation: 'test.pay', requestHash: requestHash('test.pay', body) });
  const claimIn = (claim: Claim) => t().app.db.transaction().execute((trx) => t().app.idempotency.claim(trx, claim, t().clock.now()));
  const codeOf = (thrown: unknown) => (thrown instanceof Refusal ? thrown.failure.code : thrown);

  /** Two funded customers of this bank, and a local transfer between them with a fixed key. */
  async function pair(balance: Kobo = kobo(100_000)) {
    const sender = await customer(t().app, { balance });
    const recipient = await customer(t().app);
    const send = (amount: Kobo, key: string, pin = testPin) =>
      t().app.transfers.sendLocal(sender.userId, sender.accountNumber, { account_number: recipient.accountNumber, amount, narration: 'Rent', pin, save_beneficiary: false }, key);
    const debits = async () => (await t().app.db.selectFrom('transactions').select('reference').where('account_number', '=', sender.accountNumber).where('type', '=', 'debit').execute()).length;
    return { sender, recipient, send, debits };
  }

  describe('the contract, directly', () => {
    it('a fresh key is claimed in progress; complete stores the answer that peek and claim then replay', async () => {
      const { userId } = await customer(t().app);
      const claim = claimFor(userId);
      expect(await t().app.idempotency.peek(claim, t().clock.now())).toBeNull();
      await t().app.db.transaction().execute(async (trx) => {
        await t().app.idempotency.claim(trx, claim, t().clock.now());
        await t().app.idempotency.complete(trx, claim, succeed({ reference: 'REF1' }), 'REF1', t().clock.now());
      });
      const peeked = await t().app.idempotency.peek(claim, t().clock.now());
      expect(peeked).toBeInstanceOf(Replay);
      expect((peeked as Replay<unknown>).outcome).toEqual(succeed({ reference: 'REF1' }));
      const thrown = await claimIn(claim).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Replay);
      expect(await storedKeys(userId)).toEqual([{ key: claim.key, state: 'done' }]);
    });

    it('the same key with another request, or for another operation, is IDEMPOTENCY_KEY_REUSED', async () => {
      const { userId } = await customer(t().app);
      const claim = claimFor(userId);
      await claimIn(claim);
      const otherBody = { ...claim, requestHash: requestHash('test.pay', { amount: 101 }) };
      const otherOperation = { ...claim, operation: 'test.refund', requestHash: requestHash('test.refund', { amount: 100 }) };
      for (const other of [otherBody, otherOperation]) {
        expect(codeOf(await t().app.idempotency.peek(other, t().clock.now()))).toBe('IDEMPOTENCY_KEY_REUSED');
        expect(codeOf(await claimIn(other).catch((error: unknown) => error))).toBe('IDEMPOTENCY_KEY_REUSED');
      }
    });

    it('a key whose request is still in flight answers REQUEST_IN_PROGRESS', async () => {
      const { userId } = await customer(t().app);
      const claim = claimFor(userId);
      // The first request committed its claim and now waits for a provider, as a transfer to another bank does.
      await claimIn(claim);
      expect(codeOf(await t().app.idempotency.peek(claim, t().clock.now()))).toBe('REQUEST_IN_PROGRESS');
      expect(codeOf(await claimIn(claim).catch((error: unknown) => error))).toBe('REQUEST_IN_PROGRESS');
    });

    it('a claim racing an open transaction waits for it, then replays what it stored', async () => {
      const { userId } = await customer(t().app);
      const claim = claimFor(userId);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let signalClaimed!: () => void;
      const claimed = new Promise<void>((resolve) => (signalClaimed = resolve));
      const first = t().app.db.transaction().execute(async (trx) => {
        await t().app.idempotency.claim(trx, claim, t().clock.now());
        signalClaimed();
        await held;
        await t().app.idempotency.complete(trx, claim, succeed('first'), null, t().clock.now());
      });
      await claimed;
      const second = claimIn(claim).then(
        () => 'claimed again',
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      await first;
      const outcome = await second;
      expect(outcome).toBeInstanceOf(Replay);
      expect((outcome as Replay<string>).outcome).toEqual(succeed('first'));
    });

    it('a claim rolled back with its transaction leaves nothing: the key can be claimed again', async () => {
      const { userId } = await customer(t().app);
      const claim = claimFor(userId);
      await expect(
        t().app.db.transaction().execute(async (trx) => {
          await t().app.idempotency.claim(trx, claim, t().clock.now());
          throw new Error('crash after the claim');
        }),
      ).rejects.toThrow('crash after the claim');
      expect(await storedKeys(userId)).toEqual([]);
      await claimIn(claim);
      expect(await storedKeys(userId)).toEqual([{ key: claim.key, state: 'in_progress' }]);
    });

    it('keys belong to one customer: another customer with the same key and request is not answered with theirs', async () => {
      const one = await customer(t().app);
      const other = await customer(t().app);
      const claim = claimFor(one.userId);
      await t().app.db.transaction().execute(async (trx) => {
        await t().app.idempotency.claim(trx, claim, t().clock.now());
        await t().app.idempotency.complete(trx, claim, succeed('theirs'), null, t().clock.now());
      });
      const stranger = { ...claim, userId: other.userId };
      expect(await t().app.idempotency.peek(stranger, t().clock.now())).toBeNull();
      await claimIn(stranger);
      expect(await storedKeys(other.userId)).toEqual([{ key: claim.key, state: 'in_progress' }]);
    });

    it('a key is remembered for 24 hours, then forgotten: peek ignores it and a claim replaces it', async () => {
      const { userId } = await customer(t().app);
      const claim = claimFor(userId);
      await t().app.db.transaction().execute(async (trx) => {
        await t().app.idempotency.claim(trx, claim, t().clock.now());
        await t().app.idempotency.complete(trx, claim, succeed('day one'), null, t().clock.now());
      });
      t().clock.advance(idempotencyWindowMs - 1_000);
      expect(await t().app.idempotency.peek(claim, t().clock.now())).toBeInstanceOf(Replay);
      t().clock.advance(2_000);
      expect(await t().app.idempotency.peek(claim, t().clock.now())).toBeNull();
      // Even with another request: the expired key is gone, the new claim takes it.
      await claimIn({ ...claim, requestHash: requestHash('test.pay', { amount: 999 }) });
      expect(await storedKeys(userId)).toEqual([{ key: claim.key, state: 'in_progress' }]);
    });
  });

  describe('through a transfer', () => {
    it('20 requests with one key at once: one transfer, the same answer 20 times, 19 of them replays', async () => {
      const { sender, recipient, send, debits } = await pair();
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(kobo(1_000), key)));
      expect(answers.every((answer) => answer.ok)).toBe(true);
      const references = new Set(answers.map((answer) => (answer.ok ? answer.value.transaction.reference : null)));
      expect(references.size).toBe(1);
      expect(answers.filter((answer) => answer.replayed)).toHaveLength(19);
      expect(await debits()).toBe(1);
      expect(await balanceOf(t().app, sender.accountNumber)).toBe(99_000);
      expect(await balanceOf(t().app, recipient.accountNumber)).toBe(1_000);
      expect((await verifyLedger(t().app.db)).problems).toEqual([]);
    });

    it('the same key with another amount is IDEMPOTENCY_KEY_REUSED and moves nothing', async () => {
      const { sender, send, debits } = await pair();
      const key = newKey();
      expect((await send(kobo(1_000), key)).ok).toBe(true);
      expect(await send(kobo(2_000), key)).toMatchObject({ ok: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await debits()).toBe(1);
      expect(await balanceOf(t().app, sender.accountNumber)).toBe(99_000);
    });

    it('a refused request stores nothing: after a wrong PIN and too little money, the same key pays', async () => {
      const { sender, send, debits } = await pair(kobo(1_000));
      const key = newKey();
      expect(await send(kobo(1_500), key, '0000')).toMatchObject({ ok: false, code: 'INVALID_PIN' });
      expect(await send(kobo(1_500), key)).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
      expect(await storedKeys(sender.userId)).toEqual([]);
      await t().app.inbound.depositFromSandbox({ account_number: sender.accountNumber, amount: kobo(1_000), narration: 'Top up' });
      const paid = await send(kobo(1_500), key);
      expect(paid.ok).toBe(true);
      expect(paid.replayed).toBeUndefined();
      expect(await debits()).toBe(1);
      expect(await balanceOf(t().app, sender.accountNumber)).toBe(500);
    });

    it('the PIN is not part of the request: a retry with another PIN replays, and counts no PIN try', async () => {
      const { sender, send, debits } = await pair();
      const key = newKey();
      const first = await send(kobo(1_000), key);
      const retry = await send(kobo(1_000), key, '0000');
      expect(retry).toMatchObject({ ok: true, replayed: true });
      expect(retry.ok && first.ok && retry.value.transaction.reference).toBe(first.ok && first.value.transaction.reference);
      expect(await debits()).toBe(1);
      const user = await t().app.db.selectFrom('users').select('pin_failed_attempts').where('id', '=', sender.userId).executeTakeFirstOrThrow();
      expect(user.pin_failed_attempts).toBe(0);
    });

    it('after 24 hours the same key is a new request and pays again', async () => {
      const { sender, send, debits } = await pair();
      const key = newKey();
      const first = await send(kobo(1_000), key);
      t().clock.advance(idempotencyWindowMs - 60_000);
      expect(await send(kobo(1_000), key)).toMatchObject({ ok: true, replayed: true });
      t().clock.advance(120_000);
      const later = await send(kobo(1_000), key);
      expect(later.ok).toBe(true);
      expect(later.replayed).toBeUndefined();
      expect(later.ok && first.ok && later.value.transaction.reference).not.toBe(first.ok && first.value.transaction.reference);
      expect(await debits()).toBe(2);
      expect(await balanceOf(t().app, sender.accountNumber)).toBe(98_000);
    });
  });

});
