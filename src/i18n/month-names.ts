import type { Locale } from './locales.ts';

/**
 * The months in each language, as Node's ICU (78.3, CLDR 48) names them, so that the server
 * writes dates without Intl (docs/decisions/013-render-and-memory-costs.md): the first Intl date format a process makes reads about
 * 5 MiB of ICU's data out of the `node` binary, resident in every server process from then on
 * (200 signed-in sessions peaked ~5 MiB lower without it). `month-names.test.ts` formats every
 * month and hour of years with Intl and compares: a Node whose ICU names a month otherwise fails
 * that test, and this table is brought up to date from Intl's answer.
 *
 * - `short`: inside a date ("21 Nov 2026", "21 Nuw, 2026"; Intl's `month: 'short'` beside a day).
 * - `long`: inside a month and year ("November 2026"; `month: 'long', year: 'numeric'`).
 * - `shortAlone`: a short month on its own (the chart's axis), where it is written otherwise.
 */
export type MonthNames = { short: readonly string[]; long: readonly string[]; shortAlone?: readonly string[] };

const pidginShort = ['Jén', 'Fẹ́b', 'Mach', 'Épr', 'Mee', 'Jun', 'Jul', 'Ọgọ', 'Sẹp', 'Ọkt', 'Nọv', 'Dis'];
// Yorùbá's short and long names are the same: "Oṣù" (month) and its name.
const yoruba = ['Oṣù Ṣẹ́rẹ́', 'Oṣù Èrèlè', 'Oṣù Ẹrẹ̀nà', 'Oṣù Ìgbé', 'Oṣù Ẹ̀bibi', 'Oṣù Òkúdu', 'Oṣù Agẹmọ', 'Oṣù Ògún', 'Oṣù Owewe', 'Oṣù Ọ̀wàrà', 'Oṣù Bélú', 'Oṣù Ọ̀pẹ̀'];

/** English's, and each language's own where ICU names its months (a language without them writes English's). */
export const monthNames: { readonly en: MonthNames } & Partial<Record<Locale, MonthNames>> = {
  en: {
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    long: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  pcm: {
    short: pidginShort,
    long: ['Jénúári', 'Fẹ́búári', 'Mach', 'Éprel', 'Mee', 'Jun', 'Julai', 'Ọgọst', 'Sẹptẹ́mba', 'Ọktóba', 'Nọvẹ́mba', 'Disẹ́mba'],
    // August alone carries its accent: "Ọ́gọ".
    shortAlone: pidginShort.with(7, 'Ọ́gọ'),
  },
  ha: {
    short: ['Jan', 'Fab', 'Mar', 'Afi', 'May', 'Yun', 'Yul', 'Agu', 'Sat', 'Okt', 'Nuw', 'Dis'],
    long: ['Janairu', 'Faburairu', 'Maris', 'Afirilu', 'Mayu', 'Yuni', 'Yuli', 'Agusta', 'Satumba', 'Oktoba', 'Nuwamba', 'Disamba'],
  },
  yo: { short: yoruba, long: yoruba },
  ig: {
    short: ['Jen', 'Feb', 'Maa', 'Epr', 'Mee', 'Juu', 'Jul', 'Ọgọ', 'Sep', 'Ọkt', 'Nov', 'Dis'],
    long: ['Jenụwarị', 'Febrụwarị', 'Maachị', 'Epreel', 'Mee', 'Jun', 'Julaị', 'Ọgọọst', 'Septemba', 'Ọktoba', 'Novemba', 'Disemba'],
  },
};

/** A language's month names, else English's. */
export function monthsOf(locale: Locale): MonthNames {
  return monthNames[locale] ?? monthNames.en;
}

/** Day, month and year as each language writes them: "21 Nov 2026"; Hausa "21 Nuw, 2026". */
export function dayMonthYear(locale: Locale, day: number, month: string, year: number): string {
  return locale === 'ha' ? `${day} ${month}, ${year}` : `${day} ${month} ${year}`;
}
