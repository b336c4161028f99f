import { formatNaira } from '../../lib/money.ts';
import { groupToken } from '../../lib/receipt.ts';
import { formatLagosDateTime } from '../../lib/lagos-time.ts';
import type { MoneyWords } from '../core/payments/words.ts';

/**
 * The catalogue's `said.*` keys for the sentences below whose English words vary with a figure's
 * kind (the verb, the reason): src/i18n/requests-said.test.ts checks each says them word for word,
 * so the edge can say them again in the customer's language (src/i18n/translate.ts `sayAgain`).
 */
export const moneyWordsSaid = {
  ownDailyLimit: { send: 'said.requests.ownLimitSend', spend: 'said.requests.ownLimitSpend', field: 'said.requests.ownLimitField' },
  newBrowserCap: {
    new_account: { send: 'said.requests.capNewSend', spend: 'said.requests.capNewSpend' },
    new_browser: { send: 'said.requests.capBrowserSend', spend: 'said.requests.capBrowserSpend' },
    field: 'said.requests.capField',
  },
  dailyLimit: { send: 'said.money.dailyLimit', spend: 'said.requests.dailyLimitSpend' },
  maxBalance: { inbound: 'said.requests.inboundMax', own: 'said.requests.holdMax' },
} as const;

/**
 * The customer's sentences about money, worded at the edge: the core hands over codes and
 * figures in kobo (core/payments/words.ts), and only here do they become naira.
 */
export const moneyWords: MoneyWords = {
  dailyLimit({ limitKobo, leftKobo, tier, verb }) {
    return {
      message: `That is over your daily limit of ${formatNaira(limitKobo)} on Tier ${tier}. You can ${verb} up to ${formatNaira(leftKobo)} more today; raise your tier to ${verb} more.`,
      field: `At most ${formatNaira(leftKobo)} more today`,
    };
  },

  ownDailyLimit({ limitKobo, leftKobo, verb, raiseDelayHours }) {
    return {
      message: `That is over your own daily limit of ${formatNaira(limitKobo)}, the limit you set in Settings. You can ${verb} up to ${formatNaira(leftKobo)} more today; a raise of your own limit takes effect ${raiseDelayHours} hours after you ask.`,
      field: `At most ${formatNaira(leftKobo)} more today (your own daily limit)`,
    };
  },

  newBrowserCap({ limitKobo, leftKobo, until, reason, verb }) {
    const why = reason === 'new_account' ? 'a new account' : 'an account just signed in to from a new browser';
    return {
      message: `That is over the new-browser limit: for your safety, ${why} can send and spend at most ${formatNaira(limitKobo)} in total until ${formatLagosDateTime(until)} (Lagos time). You can ${verb} up to ${formatNaira(leftKobo)} more until then.`,
      field: `At most ${formatNaira(leftKobo)} more until ${formatLagosDateTime(until)} (new-browser limit)`,
    };
  },

  insufficientFunds({ balanceKobo, totalKobo, what }) {
    return `Your balance of ${formatNaira(balanceKobo)} is not enough for ${formatNaira(totalKobo)}${what ? ` (${what})` : ''}.`;
  },

  maxBalance({ maxBalanceKobo, tier, whose }) {
    if (whose === 'recipient') return `The recipient's account cannot receive this amount: it would go over the ${formatNaira(maxBalanceKobo)} maximum balance of their account tier.`;
    if (whose === 'inbound') return `The account cannot receive this: it would go over the ${formatNaira(maxBalanceKobo)} maximum balance of Tier ${tier}.`;
    return `This account cannot hold more than ${formatNaira(maxBalanceKobo)} on Tier ${tier}.`;
  },

  transferOutcome(transaction) {
    const to = transaction.counterparty?.name ?? 'the recipient';
    if (transaction.status === 'successful') return `${formatNaira(transaction.amount)} sent to ${to}.`;
    if (transaction.status === 'pending') return `Your transfer to ${to} is pending: the other bank has not confirmed it yet. We will confirm it or return the money.`;
    return `The transfer to ${to} failed and ${formatNaira(transaction.amount + transaction.fee)} was returned to your account.`;
  },

  purchaseOutcome(transaction) {
    const details = transaction.details;
    const item = typeof details.item === 'string' ? details.item : 'Your purchase';
    const provider = typeof details.provider === 'string' ? details.provider : 'The provider';
    if (transaction.status === 'pending') return `${item} is pending: ${provider} has not confirmed it yet. We will confirm it or return your money.`;
    if (transaction.status === 'reversed' || transaction.status === 'failed') {
      return `${provider} could not complete ${item} and ${formatNaira(transaction.amount + transaction.fee)} was returned to your account.`;
    }
    if (typeof details.token === 'string') return `${item}: your token is ${groupToken(details.token)} (${String(details.units ?? '')}).`;
    return `${item}: done.`;
  },

  airtimeRange({ minKobo, maxKobo }) {
    return `Airtime is from ${formatNaira(minKobo)} to ${formatNaira(maxKobo)}`;
  },

  discoRange({ disco, minKobo, maxKobo }) {
    return `${disco} takes ${formatNaira(minKobo)} to ${formatNaira(maxKobo)}`;
  },

  airtimeItem({ amountKobo, network }) {
    return `${formatNaira(amountKobo)} ${network} airtime`;
  },

  electricityItem({ amountKobo, disco, meterType }) {
    return `${formatNaira(amountKobo)} of ${disco} ${meterType} electricity`;
  },

  tierLimits({ dailyDebitKobo, maxBalanceKobo }) {
    return { dailyLimit: formatNaira(dailyDebitKobo), maxBalance: maxBalanceKobo === null ? 'no maximum' : formatNaira(maxBalanceKobo) };
  },

  newTierLimits({ tier, dailyDebitKobo, maxBalanceKobo }) {
    const balance = maxBalanceKobo === null ? 'no maximum balance' : `a maximum balance of ${formatNaira(maxBalanceKobo)}`;
    return `You are now on Tier ${tier}: you can send and spend up to ${formatNaira(dailyDebitKobo)} a day, with ${balance}.`;
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
