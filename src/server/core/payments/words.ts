import type { Kobo } from '../../../lib/money.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';
import type { Said } from '../../../i18n/said.ts';

/**
 * The sentences a customer reads about money. The core decides the code and the figures (in
 * kobo); src/server/http/money-words.ts picks each sentence's catalogue key (a Said: amounts stay
 * kobo, moments instants), and the edge words it in the customer's language. The receipt's item
 * names and the token email are still worded here in English. Services take this as a dependency.
 */
export interface MoneyWords {
  /** LIMIT_EXCEEDED on the daily debit limit: the sentence and the amount field's note. */
  dailyLimit(figures: { limitKobo: Kobo; usedKobo: Kobo; leftKobo: Kobo; tier: number; verb: 'send' | 'spend' }): { message: Said; field: Said };
  /** LIMIT_EXCEEDED on the daily limit the customer set for themselves. */
  ownDailyLimit(figures: { limitKobo: Kobo; usedKobo: Kobo; leftKobo: Kobo; verb: 'send' | 'spend'; raiseDelayHours: number }): { message: Said; field: Said };
  /** LIMIT_EXCEEDED on the new-browser cap: what may leave the account in total until `until` (ISO time). */
  newBrowserCap(figures: { limitKobo: Kobo; usedKobo: Kobo; leftKobo: Kobo; until: string; reason: 'new_account' | 'new_browser'; verb: 'send' | 'spend' }): { message: Said; field: Said };
  /** INSUFFICIENT_FUNDS: the balance against the debit (amount and any charges). */
  insufficientFunds(figures: { balanceKobo: Kobo; totalKobo: Kobo; what?: 'amount and charges' }): Said;
  /** LIMIT_EXCEEDED on a tier's maximum balance: the recipient's, the sender's own, or an account credited from outside. */
  maxBalance(figures: { maxBalanceKobo: Kobo; tier: number; whose: 'recipient' | 'own' | 'inbound' }): Said;
  /** The answer to a transfer as it now stands (sent, pending, or failed and returned). */
  transferOutcome(transaction: TransactionJson): Said;
  /** The answer to a bill purchase as it now stands. */
  purchaseOutcome(transaction: TransactionJson): Said;
  /** Field notes for an amount outside what the provider takes. */
  airtimeRange(figures: { minKobo: Kobo; maxKobo: Kobo }): Said;
  discoRange(figures: { disco: string; minKobo: Kobo; maxKobo: Kobo }): Said;
  /** What was bought, as the receipt and history name it. */
  airtimeItem(figures: { amountKobo: Kobo; network: string }): string;
  electricityItem(figures: { amountKobo: Kobo; disco: string; meterType: string }): string;
  /** The answer to a raised tier: what the customer may now send, spend and hold. */
  newTierLimits(figures: { tier: 1 | 2 | 3; dailyDebitKobo: Kobo; maxBalanceKobo: Kobo | null }): Said;
  /** The electricity token email. */
  tokenEmail(figures: { firstName: string; token: string; meterNumber: string; provider: string; units: string; amountKobo: Kobo; reference: string; createdAt: string; bankName: string }): { subject: string; lines: string[] };
}
