import { sql, type Kysely } from 'kysely';

/**
 * A language is data: a customer's `language` may be any code the app knows (src/i18n/locales.ts,
 * checked with isLocale wherever a language is stored), so adding a language is a catalogue and a
 * line, not a migration. The column's CHECK named the five codes; neither engine can drop a
 * column's CHECK in place the same way (SQLite cannot alter one at all), so the column is copied
 * into a new one without it, and the old one dropped (its CHECK goes with it) and replaced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language_code', 'text', (column) => column.notNull().defaultTo('en')).execute();
  await sql`update users set language_code = language`.execute(db);
  await db.schema.alterTable('users').dropColumn('language').execute();
  await db.schema.alterTable('users').renameColumn('language_code', 'language').execute();
}

/** Back to the five codes: a customer with any other language is set to English first, so the CHECK holds. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language_five', 'text', (column) => column.notNull().defaultTo('en').check(sql`language_five in ('en', 'pcm', 'ha', 'yo', 'ig')`))
    .execute();
  await sql`update users set language_five = case when language in ('en', 'pcm', 'ha', 'yo', 'ig') then language else 'en' end`.execute(db);
  await db.schema.alterTable('users').dropColumn('language').execute();
  await db.schema.alterTable('users').renameColumn('language_five', 'language').execute();
}
