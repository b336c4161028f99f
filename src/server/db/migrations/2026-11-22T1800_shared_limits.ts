import { sql, type Kysely } from 'kysely';

/**
 * Limits that lived in one process's memory move to the database, so every server process that
 * shares it counts alike (issue 12). The per-address counts (failed sign-ins, forgot-password
 * requests) use `request_counters`; the imitation codes "sent" to emails without an account get
 * this table: one row per email, its tries counted here exactly as a real code's are.
 * - `alive`: 1 until the tries are used up (then the code is dead, as a real one is).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_reset_decoys')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('alive', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('issued_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await sql`create index password_reset_decoys_expires on password_reset_decoys (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_decoys').execute();
}
