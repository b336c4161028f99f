import { batch, type Db } from '../../../db/connection.ts';
import { readUnlocked, type PreparedEntry, type Trx } from '../../ledger/ledger.ts';
import { lagosDate } from '../../../../lib/lagos-time.ts';
import { settleTakenKey, type Claim } from '../idempotency.ts';
import type { PinAttempt, PinTries, TryRow } from '../pin-guard.ts';
import { answered, debitContext, debitParams, type Ahead, type Claimed, type Debit, type DebitLock, type Judge, type MoneyPath, type SenderLock, type Verdict } from '../money-path.ts';
import { callerTryQuery, claimLockQueries, debitLockQuery, debitReadQuery, type CallerTryRow, type ClaimParams, type ClaimRow, type ClaimVariant, type DebitParams } from '../queries.ts';

/**
 * The money path on PostgreSQL (docs/decisions/010-few-statements-on-the-money-path.md): many
 * connections, row locks, and a round trip for every statement Kysely sends on its own, so the
 * path writes its statements together: the caller's read with the PIN's try (callerTryQuery), the
 * claim with the lock and the reads (claimLockQueries), and for a transfer inside the bank both of
 * those in one write (ahead).
 *
 * Locks: lockForDebit locks the sender's row and those of the other accounts that sort before
 * it, in account order; an account that sorts after the sender (a transfer's recipient, half the
 * time) is locked by the entry's own balance update (postEntry), which takes its rows in the same
 * order. So every transaction still takes its row locks in one global order and two transfers in
 * opposite directions cannot deadlock, while a burst to one account (a merchant, a salary day)
 * holds that account's lock only from the entry's statement to the COMMIT. An unlocked account's
 * balance here is a snapshot, so nothing may be decided from it: a recipient's maximum balance is
 * the ceiling of its credit line and its balance after the transfer comes from that line's update
 * (postEntry's BalanceAfter).
 *
 * A transfer inside the bank goes further when its recipient sorts before the sender: its claim
 * locks no row at all (the `unlocked` variants) and the entry's statement takes every lock, in
 * account order, updating the sender only while its row is the version the checks read
 * (postEntry's AsRead). A transaction then holds no row lock when its entry's statement starts, so
 * it still cannot deadlock; a sender that changed in between stops the entry (StaleRead, `stale`
 * to the gate) and the transfer runs again, locking first. Why that is worth its retry is in the
 * decision record.
 *
 * The lock and the reads are one statement, with a check. A statement that waited for a lock
 * reads the locked rows' versions as they are once it has them, but the rest (the balances,
 * today's debits, the frozen flag) as they were when it started. Only a debit from the same
 * account, which holds that account's lock, can change what the sender's checks read (every
 * debit updates its account's balance in the transaction that adds to daily_debits), so the
 * statement also reads the sender's row version (xmin) as its snapshot saw it: when it equals the
 * version it locked, nothing committed on that account while the statement waited and what it
 * read is current; otherwise the reads run again in a second statement, which sees what the
 * debit before it committed.
 */
export function createPostgresPath(db: Db): MoneyPath {
  /** The PIN's try as callerTryQuery took it (null: it took none). */
  function takenOf(row: CallerTryRow | undefined): TryRow | null {
    return row && row.try_count !== null ? { transaction_pin_hash: row.try_hash, pin_key_version: row.try_key, pin_failed_attempts: Number(row.try_count), pin_locked_until: row.try_locked_until } : null;
  }

  /** The prelude's judgement of callerTryQuery's row: the checks, then the try it took, or one taken now. */
  function judgeTry(tries: PinTries, pin: string, attempt: PinAttempt, row: CallerTryRow | undefined, judge: Judge): Promise<Verdict> {
    const taken = takenOf(row);
    return judge(row, () => (taken ? tries.taken(pin, attempt, taken) : tries.confirm(pin, attempt)));
  }

  /** The locked read as it stands, or read again when the sender's row changed while the statement waited for its lock. */
  async function current<R extends { account_number: string; locked_version: string | null; seen_version: string | null }>(trx: Trx, params: DebitParams, rows: R[]) {
    const sender = rows.find((row) => row.account_number === params.sendAccount);
    return sender && sender.locked_version !== sender.seen_version ? (await debitReadQuery(trx, params, params.accounts.length)).rows : rows;
  }

  async function lockForDebit(trx: Trx, debit: Debit): Promise<DebitLock> {
    const params = debitParams(debit, lagosDate(debit.now));
    return debitContext(debit.sendAccount, await current(trx, params, (await debitLockQuery(trx, params, params.accounts.length)).rows));
  }

  /** A claim statement's params for this claim, entry and debit. */
  function claimParams(claim: Claim, entry: PreparedEntry, debit: Debit): ClaimParams {
    const params = debitParams(debit, lagosDate(debit.now));
    return { ...params, userId: claim.userId, key: claim.key, operation: claim.operation, requestHash: claim.requestHash, at: debit.now.toISOString(), entryId: entry.id, reference: entry.reference, kind: entry.kind, description: entry.description };
  }

  /** The sender sorts first among the debit's accounts: a claim that locks it locks only it. */
  const senderFirst = (params: DebitParams) => params.accounts[0] === params.sendAccount;

  /**
   * What a claim statement's rows come to: the debit's context, or (the key was taken) the key
   * judged and the lock taken alone. `sender` unlocked: the context carries the sender's version
   * as read (`asRead`), for the entry to check.
   */
  async function claimed(trx: Trx, claim: Claim, debit: Debit, params: DebitParams, rows: ClaimRow[], sender: 'locked' | 'unlocked'): Promise<Claimed> {
    if (Number(rows[0]?.claimed ?? 0) === 0) {
      const verdict = await settleTakenKey(trx, claim, debit.now);
      if (verdict.kind !== 'claimed') return answered(verdict);
      return { kind: 'locked', lock: await lockForDebit(trx, debit) };
    }
    if (sender === 'locked') return { kind: 'locked', lock: debitContext(params.sendAccount, await current(trx, params, rows)) };
    const version = rows.find((row) => row.account_number === params.sendAccount)?.seen_version;
    if (!version) throw new Error(`debit from unknown account ${params.sendAccount}`);
    return { kind: 'locked', lock: { ...debitContext(params.sendAccount, rows), asRead: readUnlocked(trx, { account: params.sendAccount, version, applied: false }) } };
  }

  async function claimAndLock(trx: Trx, claim: Claim, entry: PreparedEntry, debit: Debit, senderLock: SenderLock): Promise<Claimed> {
    const params = claimParams(claim, entry, debit);
    const variant: ClaimVariant = senderLock === 'unlocked-when-not-first' && !senderFirst(params) ? 'unlocked' : 'lock';
    const rows = (await claimLockQueries[variant](trx, params, params.accounts.length)).rows;
    return claimed(trx, claim, debit, params, rows, variant === 'unlocked' ? 'unlocked' : 'locked');
  }

  /**
   * The caller's read with the PIN's try, an autocommit as the prelude's, then BEGIN and the claim,
   * lock and reads, in one write (db/connection.ts batch): one round trip where they were two.
   * PostgreSQL runs them in that order, so the try is committed before the transaction's snapshot
   * is taken, whatever becomes of the transaction. The claim goes out before its PIN is judged: it
   * locks no row unless the PIN's count is 0 and unlocked as its snapshot sees it (`lock-if-pin`),
   * none at all when another account sorts before the sender (`unlocked-if-pin`).
   */
  const ahead: Ahead = {
    async send(trx, { attempt, claim, entry, debit }) {
      const params = claimParams(claim, entry, debit);
      const sender = senderFirst(params) ? 'locked' : 'unlocked';
      const variant: ClaimVariant = sender === 'locked' ? 'lock-if-pin' : 'unlocked-if-pin';
      const [callerRows, claimRows] = await batch(
        trx,
        [callerTryQuery.bind(trx, { ...attempt.params, sendAccount: debit.sendAccount, key: claim.key, instant: 0 }, 'uncounted'), claimLockQueries[variant].bind(trx, params, params.accounts.length)],
        { beforeBegin: 1 },
      );
      const read = callerRows[0];
      // Matched in SQL (a count of 0 after the try): the PIN was right and every check passed.
      // The claim's lock was taken unless another try counted meanwhile (its PIN gate).
      // Or a right PIN on a clean count, matched without taking a try ('uncounted'): trusted only
      // when this claim, in the money transaction, read the count as still 0 and unlocked and so
      // let the sender's row through its PIN gate.
      const gatePassed = claimRows.some((row) => row.account_number === debit.sendAccount && row.locked_version !== null);
      const matched = takenOf(read)?.pin_failed_attempts === 0 || (Number(read?.uncounted_match ?? 0) === 1 && gatePassed);
      const lockedHere = gatePassed || Number(claimRows[0]?.claimed ?? 0) === 0;
      return { read, passed: matched && lockedHere, claimed: () => claimed(trx, claim, debit, params, claimRows, sender) };
    },
    judge: judgeTry,
  };

  return {
    // The PIN's try rides on the caller's read (callerTryQuery), in the customer's turn as a try of its own would be.
    callerAndPin(pins, input, judge) {
      return pins.inTurn(input.userId, async (tries) => {
        const attempt = tries.attempt(input.pin);
        const row = (await callerTryQuery(db, { ...attempt.params, sendAccount: input.sendAccount, key: input.key, instant: input.instant ? 1 : 0 }, 'counted')).rows[0];
        return judgeTry(tries, input.pin, attempt, row, judge);
      });
    },
    lockForDebit,
    claimAndLock,
    ahead,
  };
}
