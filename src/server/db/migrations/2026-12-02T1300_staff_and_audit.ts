import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { optional, required } from './shared/columns.ts';

/**
 * The back office's people and their record. `staff` are not customers: their own table, their own
 * argon2id password, a TOTP secret sealed under a server key (AES-256-GCM, `totp_key_version`
 * naming the key), the last TOTP step accepted (a code is never taken twice). `staff_sessions` and
 * `staff_enrolments` keep only the SHA-256 of their tokens.
 *
 * `staff_audit` is append-only: triggers on both engines refuse UPDATE and DELETE, and each row
 * carries the SHA-256 of the one before (`prev_hash`), so a row changed or removed with the
 * triggers dropped still shows (audit:verify). `staff_audit_head` is the one row every append
 * updates first: on PostgreSQL its row lock puts parallel appends in a line, so no two share a
 * `prev_hash`; it also holds the last hash, so a removed last row shows too.
 */
const genesis = '0'.repeat(64);

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(required('text', 'name', 'work_email', 'role', 'status'))
    .$call(optional('text', 'password_hash', 'totp_secret', 'totp_key_version'))
    .addColumn('totp_last_step', 'bigint')
    .$call(required('text', 'created_at', 'updated_at'))
    .$call(optional('text', 'created_by', 'enrolled_at', 'disabled_at'))
    .addUniqueConstraint('staff_work_email_unique', ['work_email'])
    .addCheckConstraint('staff_role_known', sql`role in ('support', 'fraud', 'kyc', 'settlement', 'supervisor', 'admin')`)
    .addCheckConstraint('staff_status_known', sql`status in ('active', 'disabled', 'invited')`)
    .addCheckConstraint('staff_email_lower', sql`work_email = lower(work_email)`)
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id'))
    .$call(required('text', 'created_at', 'last_seen_at', 'expires_at'))
    .$call(optional('text', 'verified_at', 'revoked_at', 'revoke_reason', 'ip'))
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
  await db.schema
    .createTable('staff_enrolments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('staff_id', 'text', (column) => column.notNull().references('staff.id'))
    .$call(required('text', 'created_at', 'expires_at'))
    .$call(optional('text', 'used_at'))
    .execute();
  await db.schema.createIndex('staff_enrolments_staff').on('staff_enrolments').column('staff_id').execute();
  await db.schema
    .createTable('staff_audit')
    .addColumn('seq', 'bigint', (column) => column.primaryKey())
    .$call(required('text', 'at'))
    .$call(optional('text', 'staff_id', 'address'))
    .$call(required('text', 'action'))
    .$call(optional('text', 'customer_user_id'))
    .$call(required('text', 'detail'))
    .$call(optional('text', 'before_text', 'after_text'))
    .$call(required('text', 'prev_hash', 'hash'))
    .execute();
  await db.schema.createIndex('staff_audit_staff').on('staff_audit').columns(['staff_id', 'seq']).execute();
  await db.schema
    .createTable('staff_audit_head')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('seq', 'bigint', (column) => column.notNull())
    .$call(required('text', 'last_hash'))
    .execute();
  await sql`insert into staff_audit_head (id, seq, last_hash) values (1, 0, ${genesis})`.execute(db);

  if (engine === 'postgres') {
    await sql
      .raw(
        `create function staff_audit_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'staff_audit is append-only: % refused', tg_op;
        end $$`,
      )
      .execute(db);
    await sql.raw('create trigger staff_audit_no_update before update on staff_audit for each row execute function staff_audit_append_only()').execute(db);
    await sql.raw('create trigger staff_audit_no_delete before delete on staff_audit for each row execute function staff_audit_append_only()').execute(db);
    return;
  }
  await sql.raw(`create trigger staff_audit_no_update before update on staff_audit begin select raise(abort, 'staff_audit is append-only: UPDATE refused'); end`).execute(db);
  await sql.raw(`create trigger staff_audit_no_delete before delete on staff_audit begin select raise(abort, 'staff_audit is append-only: DELETE refused'); end`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  if (engine === 'postgres') {
    await sql.raw('drop trigger if exists staff_audit_no_update on staff_audit').execute(db);
    await sql.raw('drop trigger if exists staff_audit_no_delete on staff_audit').execute(db);
    await sql.raw('drop function if exists staff_audit_append_only()').execute(db);
  } else {
    await sql.raw('drop trigger if exists staff_audit_no_update').execute(db);
    await sql.raw('drop trigger if exists staff_audit_no_delete').execute(db);
  }
  for (const table of ['staff_audit_head', 'staff_audit', 'staff_enrolments', 'staff_sessions', 'staff']) await db.schema.dropTable(table).execute();
}
