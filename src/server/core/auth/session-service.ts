import type { Db } from '../../db/connection.ts';
import { compiled, type Param } from '../../db/compiled.ts';
import type { SessionRow } from '../../db/schema.ts';
import type { PresentableProfile } from '../users/present-user.ts';
import type { Logger } from '../../log.ts';
import { addMs, type Clock } from '../clock.ts';
import { newSessionToken } from './secrets.ts';
import { sha256Hex } from '../digest.ts';
import { revokeOnce } from './revoke.ts';
import { profileLocale, type Locale } from '../../../i18n/locales.ts';
import { canMoveMoney } from '../kyc/identity-rule.ts';
import { freezeStateOf, type FreezeState } from '../safety/frozen.ts';

export type SessionMeta = { ip?: string | null; userAgent?: string | null };
export type ResolvedSession =
  | { status: 'active'; session: SessionRow }
  | { status: 'expired'; reason: 'idle' | 'absolute' | 'revoked' }
  | { status: 'unknown' };
/** A session with its customer, as every signed-in request needs them (resolveCustomer). */
/** `language`: the profile's, read in the same statement: what an API call is answered in. */
/** `freeze`: whether the account is frozen (read here, pages that show it need no statement of their own); `mayMoveMoney`, kyc/identity-rule.ts canMoveMoney, likewise. */
export type ResolvedCustomer = { status: 'active'; session: SessionRow; profile: PresentableProfile; language: Locale; freeze: FreezeState; mayMoveMoney: boolean } | Exclude<ResolvedSession, { status: 'active' }>;

/** Sliding expiry is written at most this often, so reads do not each cost a write. */
const touchIntervalMs = 15_000;

/**
 * resolveCustomer's statement, compiled once (db/compiled.ts): a row per account (one for a
 * customer with none yet), the session's and the user's columns repeated on each.
 */
const sessionCustomerQuery = compiled((db: Db, param: Param<{ id: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('accounts', 'accounts.user_id', 'sessions.user_id')
    .select([
      'sessions.id', 'sessions.user_id', 'sessions.created_at', 'sessions.last_seen_at', 'sessions.expires_at', 'sessions.revoked_at', 'sessions.revoke_reason', 'sessions.ip', 'sessions.user_agent',
      'users.first_name', 'users.last_name', 'users.email', 'users.phone_number', 'users.tier', 'users.email_verified_at', 'users.created_at as user_created_at', 'users.language', 'users.frozen_at', 'users.frozen_via',
      'users.bvn_verified_at', 'users.nin_verified_at', 'users.liveness_passed_at',
      'accounts.account_number', 'accounts.account_name', 'accounts.type', 'accounts.currency', 'accounts.balance',
    ])
    // Whether the PIN and the security answer are set, not their hashes (PresentableProfile).
    .select((eb) => [
      eb('users.transaction_pin_hash', 'is not', null).as('has_pin'),
      eb('users.security_answer_hash', 'is not', null).as('has_answer'),
      eb.exists(eb.selectFrom('addresses').select('addresses.user_id').whereRef('addresses.user_id', '=', 'sessions.user_id')).as('has_address'),
    ])
    .where('sessions.id', '=', param('id'))
    .orderBy('accounts.created_at'),
);

export function createSessionService(deps: { db: Db; clock: Clock; log: Logger; idleMs: number; absoluteMs: number }) {
  const { db, clock, log, idleMs, absoluteMs } = deps;

  async function revoke(id: string, reason: string): Promise<void> {
    if (await revokeOnce(db, 'sessions', id, clock.now().toISOString(), reason)) log.info('session.revoked', { session: id.slice(0, 8), reason });
  }

  /** Revoked, past its absolute or idle timeout, or live (its sliding expiry touched at most every 15 s). */
  async function judge(session: SessionRow): Promise<ResolvedSession> {
    if (session.revoked_at !== null) {
      return { status: 'expired', reason: session.revoke_reason === 'idle' || session.revoke_reason === 'absolute' ? session.revoke_reason : 'revoked' };
    }
    const now = clock.now();
    if (now.getTime() >= Date.parse(session.expires_at)) {
      await revoke(session.id, 'absolute');
      return { status: 'expired', reason: 'absolute' };
    }
    if (now.getTime() - Date.parse(session.last_seen_at) >= idleMs) {
      await revoke(session.id, 'idle');
      return { status: 'expired', reason: 'idle' };
    }
    if (now.getTime() - Date.parse(session.last_seen_at) >= touchIntervalMs) {
      session.last_seen_at = now.toISOString();
      await db.updateTable('sessions').set({ last_seen_at: session.last_seen_at }).where('id', '=', session.id).execute();
    }
    return { status: 'active', session };
  }

  return {
    /** Returns the bearer token once; only its hash is kept. */
    async create(userId: string, meta: SessionMeta = {}): Promise<{ token: string; session: SessionRow }> {
      const token = newSessionToken();
      const now = clock.now();
      const session: SessionRow = {
        id: sha256Hex(token),
        user_id: userId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: addMs(now, absoluteMs).toISOString(),
        revoked_at: null,
        revoke_reason: null,
        ip: meta.ip ?? null,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
      };
      await db.insertInto('sessions').values(session).execute();
      log.info('session.created', { user: userId, session: session.id.slice(0, 8) });
      return { token, session };
    },

    async resolve(token: string): Promise<ResolvedSession> {
      if (token.length < 20 || token.length > 200) return { status: 'unknown' };
      const session = await db.selectFrom('sessions').selectAll().where('id', '=', sha256Hex(token)).executeTakeFirst();
      return session ? judge(session) : { status: 'unknown' };
    },

    /**
     * resolve, and the customer presentUser needs (the user, whether an address is on file, the
     * accounts), in ONE statement: a row per account (one for a customer with none yet), the
     * session's and the user's columns repeated on each. Every signed-in request pays this.
     */
    async resolveCustomer(token: string): Promise<ResolvedCustomer> {
      if (token.length < 20 || token.length > 200) return { status: 'unknown' };
      const { rows } = await sessionCustomerQuery(db, { id: sha256Hex(token) });
      const first = rows[0];
      if (!first) return { status: 'unknown' };
      const session: SessionRow = { id: first.id, user_id: first.user_id, created_at: first.created_at, last_seen_at: first.last_seen_at, expires_at: first.expires_at, revoked_at: first.revoked_at, revoke_reason: first.revoke_reason, ip: first.ip, user_agent: first.user_agent };
      const judged = await judge(session);
      if (judged.status !== 'active') return judged;
      const profile: PresentableProfile = {
        user: { id: first.user_id, first_name: first.first_name, last_name: first.last_name, email: first.email, phone_number: first.phone_number, tier: first.tier, bvn_verified_at: first.bvn_verified_at, nin_verified_at: first.nin_verified_at, email_verified_at: first.email_verified_at, created_at: first.user_created_at },
        // SQLite answers EXISTS and IS NOT NULL with 0 or 1, PostgreSQL with a boolean.
        hasAddress: Boolean(first.has_address),
        pinSet: Boolean(first.has_pin),
        answerSet: Boolean(first.has_answer),
        accounts: rows.flatMap((row) =>
          row.account_number === null ? [] : [{ account_number: row.account_number, account_name: row.account_name!, type: row.type!, currency: row.currency!, balance: row.balance! }],
        ),
      };
      return { status: 'active', session: judged.session, profile, language: profileLocale(first.language), freeze: freezeStateOf(first), mayMoveMoney: canMoveMoney(first) };
    },

    revoke,

    async revokeAllForUser(userId: string, reason: string, exceptSessionId?: string): Promise<number> {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: clock.now().toISOString(), revoke_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      const result = await query.executeTakeFirst();
      const count = Number(result.numUpdatedRows);
      if (count > 0) log.info('session.revoked_all', { user: userId, reason, count });
      return count;
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
