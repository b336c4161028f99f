import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { databaseFile } from './data-dir.ts';

/**
 * Direct access to the server's SQLite database, for what a test cannot wait for in real time
 * (a code expiring, the resend throttle running out) or cannot do through the UI (a session
 * ended on the server). WAL mode lets this connection work beside the server's.
 */
export function withDb<T>(work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(databaseFile());
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}

const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();

export function userIdFor(email: string): string {
  return withDb((db) => {
    const row = db.prepare('SELECT id FROM users WHERE email = ?').get(email.toLowerCase()) as { id: string } | undefined;
    if (!row) throw new Error(`No user with email ${email}`);
    return row.id;
  });
}

const hasUser = (email: string): boolean =>
  withDb((db) => db.prepare('SELECT 1 AS found FROM users WHERE email = ?').get(email.toLowerCase()) !== undefined);

/**
 * Makes every live code for this email expired (one minute ago): the customer's codes, or, before
 * the account is open, the code of the registration waiting for it.
 */
export function expireCodes(email: string): number {
  if (!hasUser(email)) {
    return withDb((db) => Number(db.prepare('UPDATE registrations SET code_expires_at = ? WHERE email = ? AND completed_at IS NULL').run(isoAgo(60_000), email.toLowerCase()).changes));
  }
  const userId = userIdFor(email);
  return withDb((db) => {
    const result = db.prepare('UPDATE one_time_codes SET expires_at = ? WHERE user_id = ? AND consumed_at IS NULL').run(isoAgo(60_000), userId);
    return Number(result.changes);
  });
}

/**
 * Moves this user's codes two minutes into the past, so the once-a-minute resend throttle no
 * longer applies (the hourly cap still counts them).
 */
export function ageCodes(email: string, ms = 2 * 60_000): void {
  if (!hasUser(email)) {
    withDb((db) => {
      const rows = db.prepare('SELECT id, code_sent_at FROM registrations WHERE email = ? AND completed_at IS NULL').all(email.toLowerCase()) as { id: string; code_sent_at: string }[];
      const update = db.prepare('UPDATE registrations SET code_sent_at = ? WHERE id = ?');
      for (const row of rows) update.run(new Date(Date.parse(row.code_sent_at) - ms).toISOString(), row.id);
    });
    return;
  }
  const userId = userIdFor(email);
  withDb((db) => {
    const rows = db.prepare('SELECT id, created_at FROM one_time_codes WHERE user_id = ?').all(userId) as { id: string; created_at: string }[];
    const update = db.prepare('UPDATE one_time_codes SET created_at = ? WHERE id = ?');
    for (const row of rows) update.run(new Date(Date.parse(row.created_at) - ms).toISOString(), row.id);
  });
}

/** Ends the session behind a session-cookie value on the server, leaving the cookie in the browser. */
export function revokeSession(token: string, reason = 'admin'): number {
  const id = createHash('sha256').update(token).digest('hex');
  return withDb((db) => {
    const result = db.prepare('UPDATE sessions SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL').run(new Date().toISOString(), reason, id);
    return Number(result.changes);
  });
}

/** Makes the session behind a cookie value look idle for `minutes` (the server's limit is 15). */
export function idleSession(token: string, minutes: number): number {
  const id = createHash('sha256').update(token).digest('hex');
  return withDb((db) => {
    const result = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?').run(isoAgo(minutes * 60_000), id);
    return Number(result.changes);
  });
}

/** Moves a waiting raise of this customer's own daily limit to a minute ago, as if its 24 hours had passed. */
export function passLimitRaiseDelay(email: string): number {
  const userId = userIdFor(email);
  return withDb((db) => Number(db.prepare('UPDATE customer_limits SET raise_applies_at = ? WHERE user_id = ? AND raise_applies_at IS NOT NULL').run(isoAgo(60_000), userId).changes));
}

/** Moves this customer's account opening `hours` into the past, so the new-account cap window is over. */
export function ageAccountOpening(email: string, hours: number): number {
  const userId = userIdFor(email);
  return withDb((db) => Number(db.prepare('UPDATE accounts SET created_at = ? WHERE user_id = ?').run(isoAgo(hours * 3_600_000), userId).changes));
}

/**
 * Scheduled transfers: moves a schedule's next run to yesterday (Lagos) and makes the
 * server's daily sweep job due now, so the server's own job worker runs it within its poll
 * instead of the test waiting for 08:00.
 */
export function makeScheduleDue(scheduleId: string): void {
  const yesterday = new Date(Date.now() + 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  withDb((db) => {
    const moved = db.prepare("UPDATE scheduled_transfers SET next_run_date = ? WHERE id = ? AND status = 'active'").run(yesterday, scheduleId);
    if (Number(moved.changes) !== 1) throw new Error(`No active scheduled transfer ${scheduleId}`);
    db.prepare("UPDATE jobs SET run_at = ?, status = 'pending' WHERE unique_key = 'scheduled_transfers.sweep'").run(new Date(Date.now() - 1_000).toISOString());
  });
}
