import type { APIRoute } from 'astro';
import { z } from 'zod';
import { locales } from '../i18n/locales.ts';
import { safeNextPath } from '../lib/safe-next.ts';
import { readFormValues } from '../server/http/forms.ts';
import { chooseLanguage } from '../server/http/language.ts';
import { publicUrlOf } from '../server/http/client.ts';

/**
 * The language picker's form post, with or without JavaScript: the choice goes into
 * the `lang` cookie and, for a signed-in customer, onto the profile (emails and alerts follow
 * it); then back to the page it was made on (a path on this site only, else the start).
 */
const choiceSchema = z.object({ language: z.enum(locales), back: z.string().max(512).optional() });

export const POST: APIRoute = async (context) => {
  const { locals, cookies } = context;
  const values = await readFormValues(context.request);
  const choice = choiceSchema.safeParse(values);
  const back = safeNextPath(values.back) ?? (locals.user ? '/dashboard' : '/login');
  if (!choice.success) return context.redirect(back, 303);
  const userId = locals.user?.id ?? null;
  if (userId) await locals.app.languages.set(userId, choice.data.language);
  chooseLanguage(cookies, publicUrlOf(context), choice.data.language, userId);
  return context.redirect(back, 303);
};
