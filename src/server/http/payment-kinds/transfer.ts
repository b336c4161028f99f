import { transferCharges, type Charges } from '../../../lib/charges.ts';
import {
  balanceProblem,
  transferCarriedSchema,
  transferDetailsSchema,
  transferFingerprint,
  transferModeOf,
  type TransferDetails,
  type TransferMode,
} from '../../../lib/transfer-form.ts';
import { bankList } from '../../core/reference/banks.ts';
import { fail, succeed } from '../../core/result.ts';
import { parseValues } from '../api.ts';
import type { FirstVisit, PaymentKind } from '../payment-steps.ts';
import { confirmStepSchema } from '../../../lib/confirm-step.ts';
import { aboutThePin, carriedAmount, fieldFailure, receiptAt, type PaymentScope } from './scope.ts';
import { koboToInput, parseNairaInput } from '../../../lib/amount-input.ts';
import { isCleanLine } from '../../../lib/text.ts';
import { said } from '../../../i18n/said.ts';

export type KnownRecipient = { bank_code: string; account_number: string; account_name: string; bank_name: string };
/** The details screen's extra: where the transfer may go, and a saved beneficiary it starts from. */
export type TransferExtra = { mode: TransferMode; knownRecipient: KnownRecipient | null };
/** What the confirm step shows: the recipient's name from the name enquiry (never a posted one), the charges. */
export type TransferShown = { mode: TransferMode; recipientName: string; bankName: string; charges: Charges; interbank: boolean };

/**
 * Send money: details (bank, account number, amount, narration) → the name enquiry → confirm
 * (recipient's name, charges, total, PIN) → the transfer. Nothing is sent to oneself or beyond
 * the balance; the name enquiry is made every time the confirm step is shown.
 */
export function transferKind({ app, user, account }: PaymentScope) {
  const banks = bankList(app.config.bank);
  const self = banks.find((bank) => bank.is_self)!;
  const kindOf = (bankCode: string) => (bankCode === self.code ? 'local' : 'interbank');
  const chargesFor = (details: TransferDetails) => transferCharges(app.config.money, details.amount, kindOf(details.bank_code));

  const kind: PaymentKind<TransferDetails, TransferDetails, TransferShown, { pin: string }, TransferExtra> = {
    detailFields: ['bank_code', 'account_number', 'amount', 'narration', 'save_beneficiary'],
    prepare(values) {
      if (transferModeOf(values.to) === 'local') values.bank_code = self.code;
      return values;
    },
    parse: (values, step) => (step === 'confirm' ? parseValues(carriedAmount(values), transferCarriedSchema) : parseValues(values, transferDetailsSchema)),
    /** What can be known before asking for the PIN: not to oneself, and not more than the balance. */
    check(details, balanceKobo) {
      if (balanceKobo === null) return succeed(details);
      if (details.bank_code === self.code && details.account_number === account.account_number) {
        return fail('VALIDATION_FAILED', said('said.transfer.toSelf'), { errors: { account_number: [said('said.transfer.toSelfField')] } });
      }
      const problem = balanceProblem(balanceKobo, details.amount, chargesFor(details).totalKobo);
      return problem ? fieldFailure('amount', problem, 'INSUFFICIENT_FUNDS') : succeed(details);
    },
    fingerprint: transferFingerprint,
    async confirm(details, values) {
      const enquiry = await app.nameEnquiries.enquire(user.id, { account_number: details.account_number, bank_code: details.bank_code });
      if (!enquiry.ok) return enquiry;
      const interbank = kindOf(details.bank_code) === 'interbank';
      return succeed({ mode: transferModeOf(values.to), recipientName: enquiry.value.account_name, bankName: enquiry.value.bank_name, charges: chargesFor(details), interbank });
    },
    readPayment: (values) => parseValues(values, confirmStepSchema),
    pay(details, { pin }, key) {
      const input = { account_number: details.account_number, amount: details.amount, narration: details.narration, pin, save_beneficiary: details.save_beneficiary };
      return kindOf(details.bank_code) === 'local'
        ? app.transfers.sendLocal(user.id, account.account_number, input, key)
        : app.transfers.sendToBank(user.id, account.account_number, { ...input, bank_code: details.bank_code }, key);
    },
    receiptPath: receiptAt('/transfer/success'),
    staysOnConfirm: aboutThePin,
    carriesKeyBack: false,
    againMessage: said('said.transfer.again'),
    extraFor: (values) => ({ mode: transferModeOf(values.to), knownRecipient: null }),
    /** Empty, or prefilled from one of the customer's own saved beneficiaries. */
    async firstVisit(query): Promise<FirstVisit<TransferExtra>> {
      const mode = transferModeOf(query.get('to'));
      const beneficiaryId = query.get('beneficiary');
      // A payment link's "Pay now": this bank's account, the amount and the reference, still checked at every step.
      if (!beneficiaryId && mode === 'local' && query.has('account_number')) return { values: prefilled(query), extra: { mode, knownRecipient: null } };
      if (!beneficiaryId) return { values: {}, extra: { mode, knownRecipient: null } };
      const beneficiary = await app.beneficiaries.find(user.id, account.account_number, beneficiaryId);
      if (!beneficiary) return { values: {}, notice: said('said.transfer.beneficiaryGone'), extra: { mode, knownRecipient: null } };
      const { bank_code, account_number, account_name, bank_name } = beneficiary;
      return { values: { bank_code, account_number }, extra: { mode: bank_code === self.code ? 'local' : 'bank', knownRecipient: { bank_code, account_number, account_name, bank_name } } };
    },
  };
  /** Only well-formed values are carried into the form; the details step validates them again as typed ones. */
  function prefilled(query: URLSearchParams): Record<string, string> {
    const values: Record<string, string> = { bank_code: self.code };
    const accountNumber = query.get('account_number') ?? '';
    if (/^\d{10}$/.test(accountNumber)) values.account_number = accountNumber;
    const amount = parseNairaInput(query.get('amount') ?? '');
    if (amount !== null && amount > 0) values.amount = koboToInput(amount);
    const narration = (query.get('narration') ?? '').trim();
    if (narration.length <= 100 && isCleanLine(narration)) values.narration = narration;
    return values;
  }
  /** The banks the details step offers for a mode. */
  const offered = (mode: TransferMode) => (mode === 'local' ? [self] : mode === 'bank' ? banks.filter((bank) => !bank.is_self) : banks);
  return { kind, self, offered };
}
