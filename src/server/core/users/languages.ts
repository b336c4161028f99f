import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { defaultLocale, isLocale, type Locale } from '../../../i18n/locales.ts';

/**
 * The language on a customer's profile: read when a browser has not chosen one, and
 * by the email and SMS senders; written when the customer chooses one signed in, or when a
 * browser's choice is seen for the first time signed in (src/server/http/language.ts).
 */
export function createLanguages({ db }: { db: Kysely<Database> }) {
  return {
    async of(userId: string): Promise<Locale> {
      const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
      return isLocale(row?.language) ? row.language : defaultLocale;
    },
    /**
     * Writes only a change, so two requests at once do not both write. The database takes any
     * code (a language is data), so this is where a code that is not one of the bank's is refused.
     */
    async set(userId: string, language: Locale): Promise<void> {
      if (!isLocale(language)) throw new Error(`not a language of the bank: ${String(language)}`);
      await db.updateTable('users').set({ language }).where('id', '=', userId).where('language', '!=', language).execute();
    },
  };
}

export type Languages = ReturnType<typeof createLanguages>;
