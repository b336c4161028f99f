import type { Db } from '../../db/connection.ts';
import type { SessionRow } from '../../db/schema.ts';
import type { Logger } from '../../log.ts';
import { addMs, type Clock } from '../clock.ts';
import { newSessionToken } from './secrets.ts';
import { sha256Hex } from '../digest.ts';
import { revokeOnce } from './revoke.ts';

export type SessionMeta = { ip?: string | null; userAgent?: string | null };
export type ResolvedSession =
  | { status: 'active'; session: SessionRow }
  | { status: 'expired'; reason: 'idle' | 'absolute' | 'revoked' }
  | { status: 'unknown' };

/** Sliding expiry is written at most this often, so reads do not each cost a write. */
const touchIntervalMs = 15_000;

export function createSessionService(deps: { db: Db; clock: Clock; log: Logger; idleMs: number; absoluteMs: number }) {
  const { db, clock, log, idleMs, absoluteMs } = deps;

  async function revoke(id: string, reason: string): Promise<void> {
    if (await revokeOnce(db, 'sessions', id, clock.now().toISOString(), reason)) log.info('session.revoked', { session: id.slice(0, 8), reason });
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
      if (!session) return { status: 'unknown' };
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
