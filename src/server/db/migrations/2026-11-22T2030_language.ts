import { sql, type Kysely } from 'kysely';

/**
 * The customer's language (issue 18): what emails, alerts and SMS are written in, and what the
 * screens use on a browser that has not chosen one. One of the five, English by default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (column) => column.notNull().defaultTo('en').check(sql`language in ('en', 'pcm', 'ha', 'yo', 'ig')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
