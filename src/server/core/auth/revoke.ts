import type { Db } from '../../db/connection.ts';

/**
 * Marks a session or a pending registration revoked, once: a later call finds it revoked already
 * and changes nothing, so the first reason stands. True when this call revoked it.
 */
export async function revokeOnce(db: Db, table: 'sessions' | 'registrations', id: string, at: string, reason: string): Promise<boolean> {
  const result = await db.updateTable(table).set({ revoked_at: at, revoke_reason: reason }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
