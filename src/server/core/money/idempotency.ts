import type { Db } from '../../db/connection.ts';
import { compiled, type Param } from '../../db/compiled.ts';
import { sql } from 'kysely';
import { Refusal, type Rider, type Trx } from '../ledger/ledger.ts';
import { sha256Hex } from '../digest.ts';
import { fail, type Failure, type Result } from '../result.ts';
import { said } from '../../../i18n/said.ts';

/**
 * Idempotency for every call that moves money (API.md): the key, a hash of the request and the
 * outcome are written in the same database transaction as the money movement. The same key with
 * the same request replays the stored outcome and moves nothing; with another request it is 409.
 * A request refused before money moved (wrong PIN, insufficient funds, a limit) stores nothing,
 * so the customer can correct it and retry with the same key.
 */
export const idempotencyWindowMs = 24 * 60 * 60 * 1000;
/** Fields that never take part in the hash: secrets, and the key itself. */
const unhashed = new Set(['pin', 'pin_confirmation', 'idempotency_key']);

export type Claim = { userId: string; key: string; operation: string; requestHash: string };

export function requestHash(operation: string, request: Record<string, unknown>): string {
  const canonical = Object.keys(request)
    .filter((name) => !unhashed.has(name) && request[name] !== undefined)
    .sort()
    .map((name) => [name, request[name]]);
  return sha256Hex(JSON.stringify([operation, canonical]));
}

/** A stored outcome came back: the caller answers with it and does nothing else. */
export class Replay<T> extends Error {
  readonly outcome: Result<T>;
  constructor(outcome: Result<T>) {
    super('idempotent replay');
    this.outcome = outcome;
  }
}

type Row = { request_hash: string; operation: string; state: string; response_body: string | null; created_at: string };

function judge<T>(claim: Claim, row: Row): Replay<T> | Refusal {
  if (row.request_hash !== claim.requestHash || row.operation !== claim.operation) {
    return new Refusal(fail('IDEMPOTENCY_KEY_REUSED', said('said.errors.keyReused')));
  }
  if (row.state !== 'done' || !row.response_body) {
    return new Refusal(fail('REQUEST_IN_PROGRESS', said('said.errors.inProgress')));
  }
  return new Replay(JSON.parse(row.response_body) as Result<T>);
}

/**
 * What a stored key means for a new request, as the fast path outside any transaction judges it:
 * nothing (no key, or one older than the window), a replay, or a refusal.
 */
export function judgeStored<T>(claim: Claim, row: Row | undefined, now: Date): Replay<T> | Refusal | null {
  if (!row || Date.parse(row.created_at) < now.getTime() - idempotencyWindowMs) return null;
  return judge<T>(claim, row);
}

function storedKey(executor: Db | Trx, claim: Claim): Promise<Row | undefined> {
  return executor
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'operation', 'state', 'response_body', 'created_at'])
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .executeTakeFirst();
}

/** The claim's insert, compiled once (db/compiled.ts): a key already there is left alone. */
const claimInsert = compiled((db: Db, param: Param<{ userId: string; key: string; operation: string; requestHash: string; at: string }>) =>
  db
    .insertInto('idempotency_keys')
    .values({ user_id: param('userId'), key: param('key'), operation: param('operation'), request_hash: param('requestHash'), state: 'in_progress', response_status: null, response_body: null, transaction_reference: null, created_at: param('at'), updated_at: param('at') })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing()),
);

/** What a claim comes to: the key is this request's, or what is stored under it answers instead (the transaction is then rolled back). */
export type KeyVerdict<T> = { kind: 'claimed' } | { kind: 'replay'; outcome: Result<T> } | { kind: 'refused'; failure: Failure };

function verdictOf<T>(judged: Replay<T> | Refusal): KeyVerdict<T> {
  return judged instanceof Replay ? { kind: 'replay', outcome: judged.outcome } : { kind: 'refused', failure: judged.failure };
}

/**
 * The claim found its key taken (its insert did nothing). One older than the window is free
 * again: it goes and this claim takes its place (statements spent only when a key is taken). The
 * second insert, like the first, waits for a request that holds the key uncommitted. Answers
 * `claimed` when the key is this claim's after all; else the replay or the refusal, for the
 * caller to roll its transaction back with.
 */
export async function settleTakenKey<T>(trx: Trx, claim: Claim, now: Date): Promise<KeyVerdict<T>> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('created_at', '<', new Date(now.getTime() - idempotencyWindowMs).toISOString())
    .execute();
  if (Number((await claimInsert(trx, { userId: claim.userId, key: claim.key, operation: claim.operation, requestHash: claim.requestHash, at: now.toISOString() })).numAffectedRows ?? 0) > 0) return { kind: 'claimed' };
  const row = await storedKey(trx, claim);
  if (!row) throw new Error(`idempotency key ${claim.key} vanished between insert and read`);
  return verdictOf<T>(judge<T>(claim, row));
}

/**
 * Takes the key inside the money transaction. If another request holds it, PostgreSQL makes this
 * insert wait until that one commits or rolls back; then the stored outcome is judged.
 * `riders`: statements written right after the claim (a journal row). (On PostgreSQL the money
 * gate writes the claim, its journal row and the lock as one statement of its own:
 * engines/postgres.ts.)
 */
export async function claimKeyVerdict<T>(trx: Trx, claim: Claim, now: Date, riders: readonly Rider[] = []): Promise<KeyVerdict<T>> {
  const inserted = Number((await claimInsert(trx, { userId: claim.userId, key: claim.key, operation: claim.operation, requestHash: claim.requestHash, at: now.toISOString() })).numAffectedRows ?? 0) > 0;
  for (const rider of riders) await rider.execute(trx);
  if (inserted) return { kind: 'claimed' };
  return settleTakenKey<T>(trx, claim, now);
}

/** claimKeyVerdict for a caller that rolls back by throwing: a replay or a refusal is thrown (Replay, Refusal). */
export async function claimKey(trx: Trx, claim: Claim, now: Date): Promise<void> {
  const verdict = await claimKeyVerdict(trx, claim, now);
  if (verdict.kind === 'replay') throw new Replay(verdict.outcome);
  if (verdict.kind === 'refused') throw new Refusal(verdict.failure);
}

export function createIdempotency(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The fast path outside any transaction: a finished or conflicting key answers at once. */
    async peek<T>(claim: Claim, now: Date): Promise<Replay<T> | Refusal | null> {
      return judgeStored<T>(claim, await storedKey(db, claim), now);
    },

    /**
     * Takes the key inside the money transaction (claimKey: a replay or a refusal is thrown). The
     * gate's claimAndLock takes it as a value (claimKeyVerdict), on PostgreSQL with the sender's
     * lock in one statement.
     */
    claim: claimKey,

    /** complete as a rider of postEntry: written in the postings' statement on PostgreSQL. */
    completion<T>(who: { userId: string; key: string }, outcome: Result<T>, reference: string | null, now: Date): Rider {
      return sql`update idempotency_keys set state = 'done', response_body = ${JSON.stringify(outcome)}, transaction_reference = ${reference}, updated_at = ${now.toISOString()} where user_id = ${who.userId} and key = ${who.key}`;
    },

    /** Stores (or, when a pending transfer settles, replaces) the outcome a replay returns. */
    async complete<T>(trx: Trx, who: { userId: string; key: string }, outcome: Result<T>, reference: string | null, now: Date): Promise<void> {
      await trx
        .updateTable('idempotency_keys')
        .set({ state: 'done', response_body: JSON.stringify(outcome), transaction_reference: reference, updated_at: now.toISOString() })
        .where('user_id', '=', who.userId)
        .where('key', '=', who.key)
        .execute();
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
