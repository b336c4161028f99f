import { sql, type Kysely } from 'kysely';
import { required } from './shared/columns.ts';

/**
 * One bound device per customer (decision 026): the SHA-256 of the device id in the signed device
 * cookie (or an API client's X-Device value) the customer last confirmed. A customer who already
 * has known browsers keeps the one they used last as bound, so nobody is asked for a code only
 * because the rule arrived. `device_confirmations` marks a session signed in from another device:
 * until its code is confirmed it can do nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bound_devices')
    .addColumn('user_id', 'text', (column) => column.primaryKey().references('users.id'))
    .$call(required('text', 'device_hash', 'bound_at'))
    .execute();
  await db.schema
    .createTable('device_confirmations')
    .addColumn('session_id', 'text', (column) => column.primaryKey().references('sessions.id'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id'))
    .$call(required('text', 'device_hash', 'created_at'))
    .execute();
  await db.schema.createIndex('device_confirmations_user').on('device_confirmations').column('user_id').execute();
  // The most recently seen known browser of each customer (ties: the larger hash, so it is one).
  await sql`insert into bound_devices (user_id, device_hash, bound_at)
    select k.user_id, max(k.device_hash), max(k.last_seen_at) from known_devices k
    where k.last_seen_at = (select max(l.last_seen_at) from known_devices l where l.user_id = k.user_id)
    group by k.user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_confirmations').execute();
  await db.schema.dropTable('bound_devices').execute();
}
