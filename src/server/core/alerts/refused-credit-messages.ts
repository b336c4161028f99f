import type { Locale } from '../../../i18n/locales.ts';
import type { MailMessage } from '../../integrations/mail/ports.ts';
import { layout, sayerFor } from '../email-layout.ts';
import { gsmText } from '../money-notifications.ts';
import { gsmSeptets, singleSmsSeptets } from '../../integrations/sms/gsm-7.ts';

/** A refused credit as the messages word it: amounts formatted, the time in Lagos, the account masked. */
export type RefusedCreditWords = { amount: string; limit: string; left: string; from: string; until: string; account: string; reason: 'new_account' | 'new_browser' };

/** The email: what was refused, from whom, why and until when, and where to freeze the account. */
export function refusedCreditEmail(args: { bankName: string; to: string; firstName: string; freezeUrl: string; words: RefusedCreditWords; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const { words } = args;
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('capIn.email.what', { amount: words.amount, from: words.from, account: words.account }),
    say(words.reason === 'new_account' ? 'capIn.email.newAccount' : 'capIn.email.newDevice', { until: words.until, limit: words.limit, left: words.left }),
    say('capIn.email.after'),
    say('capIn.email.notYou', { freezeUrl: args.freezeUrl }),
  ];
  return {
    to: args.to,
    // NGN for ₦ in the subject, as the transaction alerts write it.
    subject: say('capIn.email.subject', { bank: args.bankName, amount: words.amount.replace('₦', 'NGN') }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}

/**
 * The SMS: one plain part of at most 160 GSM 03.38 septets (docs/decisions/023-sms-in-one-plain-part.md),
 * NGN for ₦. The amount, the reason and the time always; the payer clipped to the room left, and
 * left out when less than a few letters of it would fit.
 */
export function refusedCreditSms(args: { bankName: string; words: RefusedCreditWords; language?: Locale }): string {
  const say = sayerFor(args.language);
  const { words } = args;
  const naira = (amount: string) => amount.replace('₦', 'NGN');
  const keys = words.reason === 'new_account' ? (['capIn.sms.newAccount', 'capIn.sms.newAccountAnonymous'] as const) : (['capIn.sms.newDevice', 'capIn.sms.newDeviceAnonymous'] as const);
  const write = (from: string | null) =>
    gsmText(say(from === null ? keys[1] : keys[0], { bank: args.bankName, amount: naira(words.amount), from: from ?? '', limit: naira(words.limit), until: words.until }));
  const fits = (text: string) => (gsmSeptets(text) ?? Infinity) <= singleSmsSeptets;
  const payer = gsmText(words.from);
  const whole = write(payer);
  if (fits(whole)) return whole;
  // "NAME, bank": the bank goes first, then the name is clipped.
  const name = payer.split(', ')[0]!;
  if (fits(write(name))) return write(name);
  const room = singleSmsSeptets - (gsmSeptets(write('')) ?? Infinity);
  if (room >= 7) return write(`${name.slice(0, room - 2).trimEnd()}..`);
  const bare = write(null);
  return fits(bare) ? bare : bare.slice(0, singleSmsSeptets);
}
