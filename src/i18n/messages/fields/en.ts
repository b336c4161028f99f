/**
 * Field messages the schemas say that had no key of their own (they were English in every
 * language): the API's messages to a developer sending the wrong shape, and zod's own words.
 * A language may say them too; until it does they are English (translate.ts `wordIn`).
 */
export const fieldsEn = {
  'schema.zodSays': '{message}',
} as const;
