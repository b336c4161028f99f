import { sql, type Kysely } from 'kysely';
import { optional, required } from './shared/columns.ts';

/**
 * The customer's own safety settings (issue 13), one row per customer, written on the first
 * change (no row: no own limit, instant payments on, no new-browser window):
 * - `own_daily_limit_kobo`: the daily limit the customer set, at or below the tier's; null: the tier's.
 * - `raise_to_kobo` / `raise_applies_at`: a raise waiting its delay (OWN_LIMIT_RAISE_DELAY_HOURS).
 * - `instant_payments_enabled`: 0 refuses transfers to other banks (NIP).
 * - `new_browser_window_started_at` / `_until`: the cap window a sign-in from a new browser opened.
 * And the browsers each customer has used: a SHA-256 of the device id in the signed cookie, never the id itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_limits')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id'))
    .$call(optional('bigint', 'own_daily_limit_kobo', 'raise_to_kobo'))
    .$call(optional('text', 'raise_applies_at'))
    .addColumn('instant_payments_enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .$call(optional('text', 'new_browser_window_started_at', 'new_browser_window_until'))
    .$call(required('text', 'updated_at'))
    .addCheckConstraint('customer_limits_own_positive', sql`own_daily_limit_kobo is null or own_daily_limit_kobo > 0`)
    .addCheckConstraint('customer_limits_raise_complete', sql`(raise_to_kobo is null) = (raise_applies_at is null)`)
    .execute();
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id'))
    .$call(required('text', 'device_hash', 'first_seen_at', 'last_seen_at'))
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('customer_limits').execute();
}
