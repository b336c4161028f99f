import { sql, type Kysely } from 'kysely';

/**
 * SMS alerts are on unless the customer turned them off and accepted the indemnity (CBN: SMS
 * alerts are mandatory; a customer who opts out accepts that the bank is not liable for what an
 * alert would have told them). From here on no `alert_settings` row means SMS on.
 * - `sms_off_accepted_at`: when the customer accepted the indemnity and turned SMS off (null: on).
 * - `sms_off_device_hash`: the SHA-256 of the device id they did it from (the signed device
 *   cookie's, or an API client's X-Device value), as known_devices keeps it; null when the call
 *   named no device.
 *
 * Nobody had accepted an indemnity before it existed, so every customer who had SMS off is
 * turned on (decision 027).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alert_settings').addColumn('sms_off_accepted_at', 'text').execute();
  await db.schema.alterTable('alert_settings').addColumn('sms_off_device_hash', 'text').execute();
  await sql`update alert_settings set sms_enabled = 1 where sms_enabled = 0`.execute(db);
}

/** Back to "no row means off": those who had no row (SMS on by default) get a row that keeps it on. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`insert into alert_settings (user_id, sms_enabled, updated_at)
    select u.id, 1, u.updated_at from users u where not exists (select 1 from alert_settings a where a.user_id = u.id)`.execute(db);
  await db.schema.alterTable('alert_settings').dropColumn('sms_off_device_hash').execute();
  await db.schema.alterTable('alert_settings').dropColumn('sms_off_accepted_at').execute();
}
