import { sql, type Kysely } from 'kysely';

/**
 * Doors that were open to a script (issue 11):
 * - `request_counters`: fixed-window counters for limits that are not guesses at a secret
 *   (registrations per network address, per email and per phone; name enquiries per customer).
 *   A slot is taken with one guarded upsert, so parallel requests cannot pass the limit.
 * - `registrations`: a registration waiting for its email code. The customer (and the account)
 *   is created only when the code is right, so registering tells nobody whether an email or a
 *   phone number already banks here: a registration for a taken email or phone is stored the
 *   same way, with a code that is never sent and can never succeed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_counters')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_counters_pk', ['scope', 'subject', 'window_start'])
    .execute();
  await db.schema.createIndex('request_counters_expiry').on('request_counters').column('expires_at').execute();

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('code_expires_at', 'text', (c) => c.notNull())
    .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('codes_sent', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('code_sent_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('completed_at', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('registrations_outcome', sql`outcome in ('new', 'email_taken', 'phone_taken')`)
    .execute();
  await db.schema.createIndex('registrations_email').on('registrations').column('email').execute();
  await db.schema.createIndex('registrations_expiry').on('registrations').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registrations').execute();
  await db.schema.dropTable('request_counters').execute();
}
