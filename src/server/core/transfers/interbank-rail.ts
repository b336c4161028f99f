import { internalAccounts } from '../ledger/ledger.ts';
import { kobo } from '../../../lib/money.ts';
import type { MoneyWords } from '../payments/words.ts';
import type { PaymentRail, Verdict } from '../payments/rail.ts';
import { ownValue } from '../../../lib/own.ts';
import { responseMessages, verdictOf, type InterbankSwitch } from '../../integrations/interbank/ports.ts';

/** How long the server waits for the switch before treating a transfer as pending. */
export const switchTimeoutMs = 15_000;

/** A NIP response code as the payment machine's verdict: only 00 settles, only a failure code reverses. */
function verdictFor(responseCode: string): Verdict<null> {
  const verdict = verdictOf(responseCode);
  if (verdict === 'approved') return { outcome: 'succeeded', delivered: null, code: responseCode };
  if (verdict === 'failed') return { outcome: 'failed', reason: ownValue(responseMessages, responseCode) ?? `response ${responseCode}`, code: responseCode };
  return { outcome: 'unknown', code: responseCode };
}

/**
 * Transfers to other banks on the payment machine: the switch's funds transfer and status
 * query answer with NIP codes, turned into verdicts by `verdictOf`. No answer is 97 (timeout),
 * kept on the row. The switch's "unable to locate record" (25) is a failure code of NIP, so a
 * transfer the switch never received is reversed on the first status query that says so.
 */
export function createInterbankRail(deps: { interbank: InterbankSwitch; words: MoneyWords }): PaymentRail<'interbank_transfers', null> {
  const { interbank, words } = deps;
  return {
    table: 'interbank_transfers',
    logPrefix: 'nip',
    timeoutMs: switchTimeoutMs,
    firstRequeryMs: 30_000,
    notReceivedGraceMs: 0,
    keepsResponseCode: true,
    unanswered: { outcome: 'unknown', code: '97' },
    send: async (request) => verdictFor((await interbank.fundsTransfer(request)).responseCode),
    status: async (row) => verdictFor((await interbank.statusQuery({ sessionId: row.session_id, destinationBankCode: row.destination_bank_code })).responseCode),
    settlement: (row) => ({ kind: 'transfer.interbank.settle', description: `NIP ${row.session_id} approved`, account: internalAccounts.interbankSettlement, details: null }),
    reversal: (row, _details, reason) => ({ narration: `Reversal: transfer to ${row.destination_name} failed (${reason})`, description: `NIP ${row.session_id} failed: ${reason}` }),
    message: (transaction) => words.transferOutcome(transaction),
    requestOf: (row, from) => ({
      sessionId: row.session_id,
      nameEnquiryRef: row.name_enquiry_session_id,
      destinationBankCode: row.destination_bank_code,
      beneficiaryAccount: row.destination_account,
      beneficiaryName: row.destination_name,
      originatorAccount: row.account_number,
      originatorName: from.originatorName,
      amount: kobo(Number(row.amount)),
      // The narration the customer's history shows: theirs, or "Transfer to <name>" when they gave none.
      narration: from.narration,
      paymentReference: row.reference,
    }),
  };
}
