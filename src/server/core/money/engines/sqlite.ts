import type { Db } from '../../../db/connection.ts';
import { journalEntryInsert, type PreparedEntry, type Trx } from '../../ledger/ledger.ts';
import { lagosDate } from '../../../../lib/lagos-time.ts';
import { claimKeyVerdict, type Claim } from '../idempotency.ts';
import { answered, debitContext, debitParams, type Claimed, type Debit, type DebitLock, type MoneyPath } from '../money-path.ts';
import { debitReadQuery, readCaller } from '../queries.ts';

/**
 * The money path on SQLite: one writer, one connection, and every money transaction holds the
 * database's write lock from its BEGIN (BEGIN IMMEDIATE, db/sqlite-dialect.ts), so nothing read
 * inside it can change under it and no row lock is taken. A statement is a call on that
 * connection, with no round trip to save by writing several at once; what saves time here is
 * the group commit (db/group-commit.ts): the PIN's try is told before its COMMIT
 * (pins.confirm's `beforeDurable`) so the payment behind it shares that COMMIT.
 */
export function createSqlitePath(db: Db): MoneyPath {
  /** The read alone: the transaction already holds the write lock, so every balance it reads is current. */
  async function lockForDebit(trx: Trx, debit: Debit): Promise<DebitLock> {
    const params = debitParams(debit, lagosDate(debit.now));
    return debitContext(debit.sendAccount, (await debitReadQuery(trx, params, params.accounts.length)).rows);
  }

  /** The claim with the entry's journal row right after it, then the read; a key found taken answers instead. */
  async function claimAndLock(trx: Trx, claim: Claim, entry: PreparedEntry, debit: Debit): Promise<Claimed> {
    const verdict = await claimKeyVerdict(trx, claim, debit.now, [journalEntryInsert(entry)]);
    if (verdict.kind !== 'claimed') return answered(verdict);
    return { kind: 'locked', lock: await lockForDebit(trx, debit) };
  }

  return {
    async callerAndPin(pins, input, judge) {
      return judge(await readCaller(db, input.userId, input.sendAccount, input.key), () => pins.confirm(input.userId, input.pin, { beforeDurable: true }));
    },
    lockForDebit,
    claimAndLock,
    ahead: null,
  };
}
