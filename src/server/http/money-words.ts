import { formatNaira, kobo } from '../../lib/money.ts';
import { amountValue, instantValue, said } from '../../i18n/said.ts';
import { groupToken } from '../../lib/receipt.ts';
import { formatLagosDateTime } from '../../lib/lagos-time.ts';
import type { MoneyWords } from '../core/payments/words.ts';

/**
 * The customer's sentences about money, as catalogue keys and values: the core hands over codes
 * and figures in kobo (core/payments/words.ts); the edge words them in the customer's language
 * (translate.ts `say`), an amount in naira, a moment in Lagos time.
 */
export const moneyWords: MoneyWords = {
  dailyLimit({ limitKobo, leftKobo, tier, verb }) {
    const values = { limit: amountValue(limitKobo), tier, left: amountValue(leftKobo) };
    return {
      message: said(verb === 'send' ? 'said.money.dailyLimit' : 'said.requests.dailyLimitSpend', values),
      field: said('said.money.dailyLimitField', { left: amountValue(leftKobo) }),
    };
  },

  ownDailyLimit({ limitKobo, leftKobo, verb, raiseDelayHours }) {
    return {
      message: said(verb === 'send' ? 'said.requests.ownLimitSend' : 'said.requests.ownLimitSpend', { limit: amountValue(limitKobo), left: amountValue(leftKobo), hours: raiseDelayHours }),
      field: said('said.requests.ownLimitField', { left: amountValue(leftKobo) }),
    };
  },

  newBrowserCap({ limitKobo, leftKobo, until, reason, verb }) {
    const key = reason === 'new_account' ? (verb === 'send' ? 'said.requests.capNewSend' : 'said.requests.capNewSpend') : verb === 'send' ? 'said.requests.capBrowserSend' : 'said.requests.capBrowserSpend';
    return {
      message: said(key, { limit: amountValue(limitKobo), until: instantValue(until), left: amountValue(leftKobo) }),
      field: said('said.requests.capField', { left: amountValue(leftKobo), until: instantValue(until) }),
    };
  },

  insufficientFunds({ balanceKobo, totalKobo, what }) {
    return said(what ? 'said.money.insufficientCharges' : 'said.money.insufficient', { balance: amountValue(balanceKobo), total: amountValue(totalKobo) });
  },

  maxBalance({ maxBalanceKobo, tier, whose }) {
    if (whose === 'recipient') return said('said.money.recipientMax', { max: amountValue(maxBalanceKobo) });
    return said(whose === 'inbound' ? 'said.requests.inboundMax' : 'said.requests.holdMax', { max: amountValue(maxBalanceKobo), tier });
  },

  transferOutcome(transaction) {
    const name = transaction.counterparty?.name ?? 'the recipient';
    if (transaction.status === 'successful') return said('said.money.sent', { amount: amountValue(kobo(transaction.amount)), name });
    if (transaction.status === 'pending') return said('said.money.pending', { name });
    if (transaction.status === 'held') return said('said.money.held', { name });
    return said('said.money.failed', { name, amount: amountValue(kobo(transaction.amount + transaction.fee)) });
  },

  purchaseOutcome(transaction) {
    const details = transaction.details;
    const item = typeof details.item === 'string' ? details.item : 'Your purchase';
    const provider = typeof details.provider === 'string' ? details.provider : 'The provider';
    if (transaction.status === 'pending') return said('said.api.purchasePending', { item, provider });
    if (transaction.status === 'reversed' || transaction.status === 'failed') {
      return said('said.api.purchaseReturned', { provider, item, amount: amountValue(kobo(transaction.amount + transaction.fee)) });
    }
    if (typeof details.token === 'string') return said('said.api.purchaseToken', { item, token: groupToken(details.token), units: String(details.units ?? '') });
    return said('said.api.purchaseDone', { item });
  },

  airtimeRange({ minKobo, maxKobo }) {
    return said('said.purchases.airtimeRange', { min: amountValue(minKobo), max: amountValue(maxKobo) });
  },

  discoRange({ disco, minKobo, maxKobo }) {
    return said('said.bills.discoRange', { disco, min: amountValue(minKobo), max: amountValue(maxKobo) });
  },

  airtimeItem({ amountKobo, network }) {
    return `${formatNaira(amountKobo)} ${network} airtime`;
  },

  electricityItem({ amountKobo, disco, meterType }) {
    return `${formatNaira(amountKobo)} of ${disco} ${meterType} electricity`;
  },

  newTierLimits({ tier, dailyDebitKobo, maxBalanceKobo }) {
    if (maxBalanceKobo === null) return said('said.kyc.newTierNoMax', { tier, limit: amountValue(dailyDebitKobo) });
    return said('said.kyc.newTier', { tier, limit: amountValue(dailyDebitKobo), max: amountValue(maxBalanceKobo) });
  },

  tokenEmail({ firstName, token, meterNumber, provider, units, amountKobo, reference, createdAt, bankName }) {
    const grouped = groupToken(token);
    return {
      subject: `Your electricity token ${grouped}`,
      lines: [
        `Hello ${firstName},`,
        '',
        `Your electricity token: ${grouped}`,
        '',
        `Meter: ${meterNumber} (${provider})`,
        `Units: ${units}`,
        `Amount: ${formatNaira(amountKobo)}`,
        `Reference: ${reference}`,
        `Date: ${formatLagosDateTime(createdAt)}`,
        '',
        'Type the 20 digits into your meter. This token works only on this meter.',
        bankName,
      ],
    };
  },
};
