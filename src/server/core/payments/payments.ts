import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { inTransaction, insertRows, internalAccounts, newReference, postEntry, prepareEntry, type Trx } from '../ledger/ledger.ts';
import { presentTransaction, transactionWrites, type TransactionRepository } from '../transactions/transaction-repository.ts';
import type { TransactionRow } from '../../db/schema.ts';
import type { Claim, Idempotency } from '../money/idempotency.ts';
import type { MoneyGate, MoneyResult } from '../money/money-gate.ts';
import { reverseDebit } from '../money/reversal.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import { kobo } from '../../../lib/money.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';
import type { DefiniteVerdict, PaymentRail, PaymentTable, PendingPayment, Verdict } from './rail.ts';
import type { Finding, OutflowMovement } from '../fraud/judge.ts';
import { said } from '../../../i18n/said.ts';
import type { Said } from '../../../i18n/said.ts';

/** Re-queries back off to at most an hour apart; after this many the payment is raised as an alert. */
const maximumRequeryGapMs = 3_600_000;
const alertAfterAttempts = 12;
/** How long a sweep's claim on a payment lasts if its process dies before writing the next turn. */
const requeryClaimMs = 5 * 60_000;

/** The columns every pending-payment table shares (rail.ts CommonColumn), as the machine reads and writes them. */
type PendingRow = {
  reference: string;
  transaction_id: string;
  user_id: string;
  account_number: string;
  status: 'held' | 'pending' | 'successful' | 'failed';
  query_attempts: number;
  next_query_at: string;
  idempotency_user_id: string | null;
  idempotency_key: string | null;
  created_at: string;
  settled_at: string | null;
  response_code: string | null;
};
/**
 * Both tables under one name: the machine touches only the shared columns (and response_code
 * where the rail keeps it), so one typed view serves either table.
 */
const pendingView = (executor: Db | Trx) => executor as unknown as Kysely<{ pending_payments: PendingRow }>;

/**
 * The fraud hold (decision 032): the outflow rules judged in the money transaction of a payment
 * that asks for it (`screened`), and, when one finds something, the flags written in it.
 */
export type OutflowScreen = {
  judge(trx: Trx, movement: OutflowMovement): Promise<Finding[]>;
  hold(trx: Trx, held: { transactionId: string; reference: string; accountNumber: string; userId: string; amountKobo: number; findings: Finding[]; at: Date }): Promise<void>;
};

/** The rails this machine drives, at most one a table. */
export type Rails = { [T in PaymentTable]?: PaymentRail<T, unknown> };
type AnyRail = PaymentRail<PaymentTable, unknown>;

/**
 * The pending-payment machine: every payment to an outside provider that may not answer (a
 * transfer to another bank, a bill) goes the same way. One money transaction debits the
 * customer into suspense, writes the pending row and the pending answer to the idempotency key;
 * then the provider is called. A definite answer settles (suspense → settlement) or reverses
 * the debit once, and rewrites the idempotent answer; no answer leaves it pending, re-queried
 * with a doubling gap and raised as an alert after twelve tries. Money is never returned before
 * the provider has said the payment failed ("never received" counts only after the rail's grace).
 */
export function createPayments(deps: { db: Db; clock: Clock; log: Logger; idempotency: Idempotency; transactions: TransactionRepository; gate: MoneyGate; rails: Rails; screen?: OutflowScreen }) {
  const { db, clock, log, idempotency, transactions, gate, rails } = deps;
  let screen = deps.screen ?? null;

  function railOf(table: PaymentTable): AnyRail {
    const rail = rails[table] as AnyRail | undefined;
    if (!rail) throw new Error(`no payment rail for ${table}`);
    return rail;
  }

  async function present(executor: Db | Trx, rail: AnyRail, accountNumber: string, reference: string): Promise<Result<{ transaction: TransactionJson; message: Said }>> {
    const transaction = await gate.presentByReference(executor, accountNumber, reference);
    return succeed({ transaction, message: rail.message(transaction) });
  }

  /** The answer for a row this process has just written (no read back). */
  function presented(rail: AnyRail, row: TransactionRow): Result<{ transaction: TransactionJson; message: Said }> {
    const transaction = presentTransaction(row);
    return succeed({ transaction, message: rail.message(transaction) });
  }

  /** Asks the provider, at most the rail's timeout; a throw or a timeout is the rail's "unanswered". */
  async function ask(rail: AnyRail, question: () => Promise<Verdict<unknown>>, reference: string, logged: boolean): Promise<Verdict<unknown>> {
    try {
      return await withTimeout(question(), rail.timeoutMs);
    } catch (error) {
      if (logged) log.warn(`${rail.logPrefix}.send_unanswered`, { reference, error: error instanceof Error ? error.message : String(error) });
      return rail.unanswered;
    }
  }

  /**
   * Debits into suspense and records the pending payment, then sends it. A retry of a finished
   * request replays its answer (moneyTransaction); a payment already started is never sent twice.
   */
  async function start<T extends PaymentTable>(table: T, claim: Claim, payment: PendingPayment<T>): Promise<MoneyResult> {
    const rail = railOf(table);
    const { sendAccount, amountKobo, charges } = payment;
    const chargesKobo = kobo(charges.reduce((total, charge) => total + charge.amountKobo, 0));
    const started = await gate.moneyTransaction(async (trx) => {
      const now = clock.now();
      const reference = newReference(payment.referencePrefix, now);
      const entry = prepareEntry({
        reference,
        kind: payment.entryKind,
        description: payment.entryDescription,
        at: now.toISOString(),
        lines: [
          { account: sendAccount, amount: kobo(-(amountKobo + chargesKobo)) },
          { account: internalAccounts.suspense, amount: amountKobo },
          ...charges.map((charge) => ({ account: charge.account, amount: charge.amountKobo })),
        ],
      });
      // The key, the journal row, the sender's lock and the reads: one statement on PostgreSQL.
      const claimed = await gate.claimAndLock(trx, claim, entry, sendAccount, [], now);
      if (claimed.kind === 'answer') return claimed;
      const { locked, sender: debit } = claimed.lock;
      const sender = locked.get(sendAccount)!;
      await gate.checkDebit(trx, debit, payment.tier, amountKobo, now, payment.limitVerb);
      gate.requireFunds(kobo(sender.balance), kobo(amountKobo + chargesKobo), charges.length > 0 ? 'amount and charges' : undefined);
      // The sender is locked: its balance after the entry is known now, and postEntry checks it.
      const balanceAfter = kobo(sender.balance - (amountKobo + chargesKobo));
      // The hold: the outflow rules on this payment, after the debit's checks, before the rail is
      // called. A finding keeps the money reserved in suspense exactly as a pending payment's is.
      const counterparty = payment.transaction.counterparty;
      const findings = payment.screened && screen
        ? await screen.judge(trx, { accountNumber: sendAccount, userId: payment.userId, amountKobo, at: now, writtenId: null, counterpartyAccount: counterparty?.account_number ?? null, counterpartyBankCode: counterparty?.bank_code ?? null, counterpartyBankName: counterparty?.bank_name ?? null, counterpartyName: counterparty?.name ?? null })
        : [];
      const held = findings.length > 0;
      const written = transactionWrites([{
        reference,
        accountNumber: sendAccount,
        userId: payment.userId,
        type: 'debit',
        category: payment.transaction.category,
        status: 'pending',
        amount: amountKobo,
        fee: chargesKobo,
        balanceAfter,
        narration: payment.transaction.narration,
        counterparty: payment.transaction.counterparty,
        details: held ? { ...payment.transaction.details, held: true } : payment.transaction.details,
        entryId: entry.id,
        at: now,
      }]);
      const row = written.rows[0]!;
      const pendingRow = insertRows(table, [{
        ...(payment.columns as object),
        reference,
        transaction_id: row.id,
        entry_id: entry.id,
        user_id: payment.userId,
        account_number: sendAccount,
        amount: amountKobo,
        status: held ? 'held' : 'pending',
        next_query_at: new Date(now.getTime() + rail.firstRequeryMs).toISOString(),
        idempotency_user_id: claim.userId,
        idempotency_key: claim.key,
        created_at: now.toISOString(),
        settled_at: null,
      }]);
      // Stored now, so a retry after a crash sees the pending payment; replaced when it settles.
      const outcome = presented(rail, row);
      // The postings, the customer's row, its alert, the pending payment and the stored answer: one statement on PostgreSQL.
      // The transaction's last statement (its COMMIT written behind it on PostgreSQL) unless the payment has more to write.
      await postEntry(trx, entry, { written: true, expect: new Map([[sendAccount, balanceAfter]]), riders: [...written.riders, pendingRow, idempotency.completion(claim, outcome, reference, now)], final: !payment.alsoInTransaction && !held });
      if (payment.alsoInTransaction) await payment.alsoInTransaction(trx, now);
      if (held) await screen!.hold(trx, { transactionId: row.id, reference, accountNumber: sendAccount, userId: payment.userId, amountKobo, findings, at: now });
      return outcome;
    });
    // A held payment is not sent: a fraud officer releases it (releaseIn, sendReleased) or it is returned.
    if (!started.ok || started.replayed || started.value.transaction.status === 'held') return started;
    const reference = started.value.transaction.reference;
    return send(table, reference, sendAccount, payment.request(reference), started);
  }

  /** Sends a payment whose pending row is written, once, and settles it on a definite answer; else `pending` is the answer. */
  async function send(table: PaymentTable, reference: string, sendAccount: string, request: unknown, pending: MoneyResult): Promise<MoneyResult> {
    const rail = railOf(table);
    const verdict = await ask(rail, () => rail.send(request as never), reference, true);
    if (verdict.outcome === 'unknown' || verdict.outcome === 'not_received') {
      if (rail.keepsResponseCode && verdict.outcome === 'unknown' && verdict.code !== undefined) {
        await pendingView(db).updateTable(table as 'pending_payments').set({ response_code: verdict.code }).where('reference', '=', reference).where('status', '=', 'pending').execute();
      }
      return pending;
    }
    const settled = await settle(table, reference, verdict);
    return settled ?? present(db, rail, sendAccount, reference);
  }

  /**
   * Claims a held payment for sending, in the caller's transaction: the conditional update
   * held → pending is the claim (of any number of parallel releases one wins; the others get
   * null), the transaction row is no longer held, and the answer stored under the original
   * idempotency key becomes the pending one. `sendReleased` sends it once this has committed.
   */
  async function releaseIn(trx: Trx, table: PaymentTable, reference: string): Promise<{ transactionId: string; userId: string; accountNumber: string } | null> {
    const rail = railOf(table);
    const now = clock.now();
    const claimed = await pendingView(trx)
      .updateTable(table as 'pending_payments')
      .set({ status: 'pending', next_query_at: new Date(now.getTime() + rail.firstRequeryMs).toISOString() })
      .where('reference', '=', reference)
      .where('status', '=', 'held')
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return null;
    const original = await trx.selectFrom('transactions').selectAll().where('id', '=', claimed.transaction_id).executeTakeFirstOrThrow();
    const { held: _held, ...details } = JSON.parse(original.details) as Record<string, unknown>;
    const changes = { details: JSON.stringify({ ...details, released_at: now.toISOString() }), updated_at: now.toISOString() };
    await trx.updateTable('transactions').set(changes).where('id', '=', original.id).execute();
    if (claimed.idempotency_user_id && claimed.idempotency_key) {
      await idempotency.complete(trx, { userId: claimed.idempotency_user_id, key: claimed.idempotency_key }, presented(rail, { ...original, ...changes }), reference, now);
    }
    return { transactionId: original.id, userId: claimed.user_id, accountNumber: claimed.account_number };
  }

  /** Sends a payment that releaseIn claimed, with the reference and session id written when it was asked for. */
  async function sendReleased(table: PaymentTable, reference: string): Promise<MoneyResult> {
    const rail = railOf(table);
    if (!rail.requestOf) throw new Error(`the ${table} rail cannot send a held payment`);
    const row = await pendingView(db).selectFrom(table as 'pending_payments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    if (row.status !== 'pending') return present(db, rail, row.account_number, reference);
    const original = await db.selectFrom('transactions').selectAll().where('id', '=', row.transaction_id).executeTakeFirstOrThrow();
    const account = await db.selectFrom('accounts').select('account_name').where('account_number', '=', row.account_number).executeTakeFirstOrThrow();
    const request = rail.requestOf(row as never, { originatorName: account.account_name, narration: original.narration });
    return send(table, reference, row.account_number, request, presented(rail, original));
  }

  type Settled = { answer: Result<{ transaction: TransactionJson; message: Said }>; settled: { row: PendingRow; transaction: TransactionJson } | null };

  /**
   * Settles a pending payment once, in the caller's transaction: succeeded moves suspense to the
   * rail's settlement account; failed reverses the whole debit. Null when another process (a
   * re-query, the customer's "check status", a manual reversal) settled it first: the guarded
   * update on `status = 'pending'` decides. The caller runs `afterSettled` once it has committed.
   */
  async function settleIn<T extends PaymentTable>(trx: Trx, table: T, reference: string, verdict: DefiniteVerdict<unknown>, from: 'pending' | 'held' = 'pending'): Promise<Settled | null> {
    const rail = railOf(table);
    const now = clock.now();
    const claimed = await pendingView(trx)
      .updateTable(table as 'pending_payments')
      .set({
        status: verdict.outcome === 'succeeded' ? 'successful' : 'failed',
        settled_at: now.toISOString(),
        ...(rail.keepsResponseCode && verdict.code !== undefined ? { response_code: verdict.code } : {}),
      })
      .where('reference', '=', reference)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return null;
    const original = await trx.selectFrom('transactions').selectAll().where('id', '=', claimed.transaction_id).executeTakeFirstOrThrow();
    const details = JSON.parse(original.details) as Record<string, unknown>;
    let answer: Result<{ transaction: TransactionJson; message: Said }>;
    if (verdict.outcome === 'succeeded') {
      const settlement = rail.settlement(claimed as never, verdict.delivered);
      const amount = kobo(Number(original.amount));
      await postEntry(trx, {
        reference,
        kind: settlement.kind,
        description: settlement.description,
        at: now.toISOString(),
        lines: [
          { account: internalAccounts.suspense, amount: kobo(-amount) },
          { account: settlement.account, amount },
        ],
      });
      const changes = { status: 'successful' as const, ...(settlement.details ? { details: JSON.stringify({ ...details, ...settlement.details }) } : {}), updated_at: now.toISOString() };
      await trx.updateTable('transactions').set(changes).where('id', '=', original.id).execute();
      answer = presented(rail, { ...original, ...changes });
    } else {
      answer = presented(rail, await reverseDebit(trx, original, { reason: verdict.reason, ...rail.reversal(claimed as never, details, verdict.reason), at: now }));
    }
    if (claimed.idempotency_user_id && claimed.idempotency_key) {
      await idempotency.complete(trx, { userId: claimed.idempotency_user_id, key: claimed.idempotency_key }, answer, reference, now);
    }
    return { answer, settled: answer.ok ? { row: claimed, transaction: answer.value.transaction } : null };
  }

  /** What follows a settlement once it has committed: the log line and the rail's own after-work (a token's email). */
  async function afterSettled(table: PaymentTable, reference: string, verdict: DefiniteVerdict<unknown>, done: Settled | null): Promise<void> {
    const rail = railOf(table);
    log.info(`${rail.logPrefix}.settled`, { reference, outcome: verdict.outcome, ...(verdict.code !== undefined ? { code: verdict.code } : {}) });
    if (done?.settled && rail.afterSettle) await rail.afterSettle(done.settled.row as never, done.settled.transaction, verdict);
  }

  /** Settles a pending payment once, in a transaction of its own (settleIn); answers what the customer is told, or null. */
  async function settle<T extends PaymentTable>(table: T, reference: string, verdict: DefiniteVerdict<unknown>): Promise<Result<{ transaction: TransactionJson; message: Said }> | null> {
    let done: Settled | null = null;
    await inTransaction(db, async (trx) => {
      done = await settleIn(trx, table, reference, verdict);
    });
    const settled = done as Settled | null;
    await afterSettled(table, reference, verdict, settled);
    return settled?.answer ?? null;
  }

  /** Asks one rail about its pending payments whose turn has come (or one, on the customer's demand). */
  async function requeryRail(table: PaymentTable, options: { reference?: string; limit?: number }): Promise<{ checked: number; settled: number }> {
    const rail = railOf(table);
    const now = clock.now();
    let query = pendingView(db).selectFrom(table as 'pending_payments').selectAll().where('status', '=', 'pending');
    query = options.reference ? query.where('reference', '=', options.reference) : query.where('next_query_at', '<=', now.toISOString());
    const due = await query.orderBy('next_query_at').limit(options.limit ?? 50).execute();
    let settled = 0;
    let checked = 0;
    for (const payment of due) {
      // A sweep claims each payment before asking (moves its turn on from the value it read): of
      // two processes sweeping at once, one asks the provider, the other skips it.
      if (!options.reference) {
        const claimed = await pendingView(db)
          .updateTable(table as 'pending_payments')
          .set({ next_query_at: new Date(now.getTime() + requeryClaimMs).toISOString() })
          .where('reference', '=', payment.reference)
          .where('status', '=', 'pending')
          .where('next_query_at', '=', payment.next_query_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) continue;
      }
      checked += 1;
      const verdict = await ask(rail, () => rail.status(payment as never), payment.reference, false);
      const tooSoon = verdict.outcome === 'not_received' && now.getTime() - Date.parse(payment.created_at) < rail.notReceivedGraceMs;
      if (verdict.outcome === 'unknown' || tooSoon) {
        const attempts = payment.query_attempts + 1;
        const wait = Math.min(maximumRequeryGapMs, rail.firstRequeryMs * 2 ** attempts);
        const code = verdict.outcome === 'unknown' && rail.keepsResponseCode && verdict.code !== undefined ? { response_code: verdict.code } : {};
        await pendingView(db)
          .updateTable(table as 'pending_payments')
          .set({ query_attempts: attempts, next_query_at: new Date(now.getTime() + wait).toISOString(), ...code })
          .where('reference', '=', payment.reference)
          .where('status', '=', 'pending')
          .execute();
        if (attempts >= alertAfterAttempts) log.error(`${rail.logPrefix}.unresolved`, { reference: payment.reference, attempts, ...code });
        continue;
      }
      // "Never received", after the grace, is a definite answer: nothing was delivered, so the money goes back.
      await settle(table, payment.reference, verdict.outcome === 'not_received' ? { outcome: 'failed', reason: 'The provider has no record of this purchase' } : verdict);
      settled += 1;
    }
    return { checked, settled };
  }

  /** The timer's run: every rail's due payments, one rail after the other. */
  async function requery(options: { limit?: number } = {}): Promise<{ checked: number; settled: number }> {
    const total = { checked: 0, settled: 0 };
    for (const table of Object.keys(rails) as PaymentTable[]) {
      const result = await requeryRail(table, options);
      if (result.checked > 0) log.info(`${railOf(table).logPrefix}.requery`, result);
      total.checked += result.checked;
      total.settled += result.settled;
    }
    return total;
  }

  /** The customer's "check status": a pending payment of theirs, on any rail, is asked about first. */
  async function checkStatus(userId: string, accountNumber: string, reference: string): Promise<Result<TransactionJson>> {
    for (const table of Object.keys(rails) as PaymentTable[]) {
      const owned = await pendingView(db)
        .selectFrom(table as 'pending_payments')
        .select('reference')
        .where('reference', '=', reference)
        .where('user_id', '=', userId)
        .where('account_number', '=', accountNumber)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (owned) await requeryRail(table, { reference });
    }
    const transaction = await transactions.byReference(accountNumber, reference);
    return transaction ? succeed(transaction) : fail('NOT_FOUND', said('said.case.noTransaction'));
  }

  /** Asks the provider about one pending payment now, whatever its turn, and settles it on a definite answer (the settlement queue's re-query). */
  async function requeryOne(table: PaymentTable, reference: string): Promise<{ checked: number; settled: number }> {
    return requeryRail(table, { reference });
  }

  return {
    start, settle, settleIn, afterSettled, requery, requeryOne, checkStatus, releaseIn, sendReleased,
    /** The fraud hold's screen, wired once the fraud monitoring that owns it exists (app.ts). */
    screenWith(given: OutflowScreen) {
      screen = given;
    },
  };
}
export type Payments = ReturnType<typeof createPayments>;
