import type { Kysely } from 'kysely';

/**
 * Transaction alerts (issue 13): every customer transaction row queues an alert job in the same
 * database transaction (src/server/core/alerts/alert-jobs.ts), so email alerts need no table of
 * their own. This table keeps the one choice a customer has: SMS alerts as well as email.
 * - `sms_enabled`: 1 when the customer turned SMS alerts on in settings; no row means off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_settings')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id'))
    .addColumn('sms_enabled', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_settings').execute();
}
