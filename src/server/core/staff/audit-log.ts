import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../clock.ts';
import type { Database, StaffAuditTable } from '../../db/schema.ts';

/**
 * The staff audit log: append-only (the database refuses UPDATE and DELETE, migration
 * 2026-12-02T1300) and hash-chained. Each row's `hash` is the SHA-256 of the previous row's hash
 * and this row's canonical content, so a row changed or removed by someone who dropped the
 * triggers breaks the chain at that row, and `verify` names it.
 *
 * An append first raises the head row's sequence (`staff_audit_head`, one row): on PostgreSQL that
 * UPDATE holds the row's lock until the append commits, so parallel appends take their turn and
 * each sees the hash the one before it wrote; on SQLite the writer is one at a time anyway.
 */
export type AuditEntry = {
  staffId: string | null;
  address: string | null;
  action: string;
  customerUserId?: string | null;
  detail?: Record<string, unknown>;
  before?: string | null;
  after?: string | null;
};

export type AuditRow = StaffAuditTable;

export const genesisHash = '0'.repeat(64);

type Hashed = Omit<AuditRow, 'hash'>;

/** The text a row's hash covers: its previous hash, then its fields in a fixed order as JSON. */
export function chainHash(row: Hashed): string {
  const canonical = JSON.stringify([Number(row.seq), row.at, row.staff_id, row.address, row.action, row.customer_user_id, row.detail, row.before_text, row.after_text]);
  return createHash('sha256').update(row.prev_hash).update('\n').update(canonical).digest('hex');
}

export type AuditVerdict = { ok: true; entries: number; lastHash: string } | { ok: false; entries: number; brokenAt: number; problem: string };

/**
 * Checks the chain one row at a time, in sequence order (`check`), then against the head row
 * (`end`), so a log of any length is verified without holding it in memory.
 */
export function chainChecker(head: { seq: number; last_hash: string } | null) {
  let previous = genesisHash;
  let expected = 1;
  let entries = 0;
  return {
    check(row: AuditRow): AuditVerdict | null {
      const seq = Number(row.seq);
      if (seq !== expected) return { ok: false, entries, brokenAt: expected, problem: `entry ${expected} is missing (the next one is ${seq})` };
      if (row.prev_hash !== previous) return { ok: false, entries, brokenAt: seq, problem: `entry ${seq} does not follow the one before it (its prev_hash differs)` };
      if (chainHash(row) !== row.hash) return { ok: false, entries, brokenAt: seq, problem: `entry ${seq} has been changed (its hash does not match its content)` };
      previous = row.hash;
      expected += 1;
      entries += 1;
      return null;
    },
    end(): AuditVerdict {
      if (head && (Number(head.seq) !== entries || head.last_hash !== previous)) {
        return { ok: false, entries, brokenAt: entries + 1, problem: `the log ends at entry ${entries} but ${Number(head.seq)} were written: entries after ${entries} are missing` };
      }
      return { ok: true, entries, lastHash: previous };
    },
  };
}

/** Walks `rows` (in sequence order) against the chain's rules; `head` is the head row, when read. */
export function verifyChain(rows: Iterable<AuditRow>, head: { seq: number; last_hash: string } | null): AuditVerdict {
  const checker = chainChecker(head);
  for (const row of rows) {
    const broken = checker.check(row);
    if (broken) return broken;
  }
  return checker.end();
}

/**
 * Appends one entry inside `trx`: the caller's own transaction when the entry records a change,
 * so the change and its record commit together or not at all.
 */
export async function appendAudit(trx: Transaction<Database>, at: Date, entry: AuditEntry): Promise<number> {
  const head = await trx.updateTable('staff_audit_head').set({ seq: sql<number>`seq + 1` }).where('id', '=', 1).returning(['seq', 'last_hash']).executeTakeFirstOrThrow();
  const row: Hashed = {
    seq: Number(head.seq),
    at: at.toISOString(),
    staff_id: entry.staffId,
    address: entry.address,
    action: entry.action,
    customer_user_id: entry.customerUserId ?? null,
    detail: JSON.stringify(entry.detail ?? {}),
    before_text: entry.before ?? null,
    after_text: entry.after ?? null,
    prev_hash: head.last_hash,
  };
  const hash = chainHash(row);
  await trx.insertInto('staff_audit').values({ ...row, hash }).execute();
  await trx.updateTable('staff_audit_head').set({ last_hash: hash }).where('id', '=', 1).execute();
  return row.seq;
}

export function createAuditLog(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** An entry of its own (a sign-in, a page read): appended in a transaction of its own. */
    async append(entry: AuditEntry): Promise<number> {
      return db.transaction().execute((trx) => appendAudit(trx, clock.now(), entry));
    },

    /** The newest entries first, with the member's name and email when there is one. */
    async latest(limit = 100) {
      const rows = await db
        .selectFrom('staff_audit')
        .leftJoin('staff', 'staff.id', 'staff_audit.staff_id')
        .select(['staff_audit.seq', 'staff_audit.at', 'staff_audit.address', 'staff_audit.action', 'staff_audit.customer_user_id', 'staff_audit.detail', 'staff.name', 'staff.work_email'])
        .orderBy('staff_audit.seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
    },

    /**
     * What the bank's staff did on one customer's account, oldest first, for the customer's own
     * data export: when, the member's role (not their name: decision 029), the action and the
     * reason given. The page reads of the back office carry no customer and are not here.
     */
    async forCustomer(customerUserId: string) {
      const rows = await db
        .selectFrom('staff_audit')
        .leftJoin('staff', 'staff.id', 'staff_audit.staff_id')
        .select(['staff_audit.seq', 'staff_audit.at', 'staff_audit.action', 'staff_audit.detail', 'staff.role'])
        .where('staff_audit.customer_user_id', '=', customerUserId)
        .orderBy('staff_audit.seq')
        .execute();
      return rows.map((row) => {
        const detail = JSON.parse(row.detail) as { reason?: unknown };
        return { at: row.at, role: row.role ?? null, action: row.action, reason: typeof detail.reason === 'string' ? detail.reason : null };
      });
    },

    /** Reads the whole chain, a page at a time, and checks each page as it comes (audit:verify). */
    async verify(): Promise<AuditVerdict> {
      const head = await db.selectFrom('staff_audit_head').select(['seq', 'last_hash']).where('id', '=', 1).executeTakeFirst();
      const checker = chainChecker(head ? { seq: Number(head.seq), last_hash: head.last_hash } : null);
      const page = 1000;
      let after = 0;
      for (;;) {
        const batch = await db.selectFrom('staff_audit').selectAll().where('seq', '>', after).orderBy('seq').limit(page).execute();
        for (const row of batch) {
          const broken = checker.check(row);
          if (broken) return broken;
        }
        if (batch.length < page) return checker.end();
        after = Number(batch.at(-1)!.seq);
      }
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
