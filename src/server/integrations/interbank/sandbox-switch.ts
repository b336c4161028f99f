import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../core/clock.ts';
import type { Config } from '../../config.ts';
import { findBank } from '../../core/reference/banks.ts';
import { isValidNubanFor } from '../../../lib/nuban.ts';
import type { FundsTransferRequest, InterbankSwitch, NameEnquiryRequest, NameEnquiryResponse, SwitchResponse } from './ports.ts';

/**
 * The sandbox NIBSS switch: other banks, simulated deterministically. The first nine digits
 * (the serial) of a number that passes the NUBAN check for its bank decide what happens:
 *
 * | serial      | name enquiry         | funds transfer                  | status query          |
 * |-------------|----------------------|---------------------------------|-----------------------|
 * | 999999991   | 25 account not found | (not reached)                   |                       |
 * | 999999992   | 00                   | 91 beneficiary bank unavailable | 91                    |
 * | 999999993   | 00                   | 97 timeout                      | 00 (it went through)  |
 * | 999999994   | 00                   | 97 timeout                      | 91 (it failed)        |
 * | 999999995   | 00                   | 57 not permitted to receiver    | (not reached)         |
 * | 999999996   | 00                   | 97 timeout                      | 09 (in progress)      |
 * | anything    | 00, a name           | 00                              | 00                    |
 *
 * 999999995 is a receiver the other bank may not credit (an account without an identity there,
 * as this bank refuses its own: docs/decisions/025-no-money-without-identity-and-the-cap-both-ways.md):
 * the transfer is refused at once and reversed. 999999996 stays pending for ever: a stuck
 * transfer, for the settlement queue and a manual reversal (decision 031).
 *
 * A number that fails the check digit is 07. A status query for a session the switch never
 * received is 25 (so a transfer lost in a crash is reversed after the query, never before).
 */
export const sandboxSerials = {
  notFound: '999999991',
  bankUnavailable: '999999992',
  timeoutThenSuccess: '999999993',
  timeoutThenFailure: '999999994',
  notPermittedToReceiver: '999999995',
  stuck: '999999996',
} as const;

const firstNames = [
  'Adebayo', 'Chinedu', 'Ngozi', 'Aisha', 'Oluwaseun', 'Emeka', 'Funmilayo', 'Ibrahim', 'Chiamaka', 'Tunde', 'Halima', 'Ifeanyi',
  'Yetunde', 'Musa', 'Amaka', 'Segun', 'Zainab', 'Obinna', 'Bisola', 'Usman', 'Kelechi', 'Folake', 'Abubakar', 'Nkechi',
  'Damilola', 'Hauwa', 'Chukwuemeka', 'Temitope', 'Fatima', 'Uchenna', 'Kemi', 'Sadiq', 'Ebere', 'Tolulope', 'Aminu', 'Adaeze',
];
const surnames = [
  'Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ogunleye', 'Abdullahi', 'Nwosu', 'Balogun', 'Okonkwo', 'Lawal', 'Obi', 'Adebanjo',
  'Mohammed', 'Chukwu', 'Akinola', 'Yusuf', 'Onyekachi', 'Olawale', 'Danjuma', 'Nnamdi', 'Oyelaran', 'Garba', 'Ikenna', 'Afolabi',
  'Ezeh', 'Sani', 'Okoro', 'Adewale', 'Umar', 'Nwachukwu', 'Fashola', 'Aliyu', 'Ugwu', 'Oyebanji', 'Ibe', 'Salisu',
];

/** The same account always gets the same name, as NIP returns it: SURNAME FIRST MIDDLE, in capitals. */
export function sandboxAccountName(bankCode: string, accountNumber: string): string {
  const digest = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
  const surname = surnames[digest[0]! % surnames.length]!;
  const first = firstNames[digest[1]! % firstNames.length]!;
  let middle = firstNames[digest[2]! % firstNames.length]!;
  if (middle === first) middle = firstNames[(digest[2]! + 1) % firstNames.length]!;
  return `${surname} ${first} ${middle}`.toUpperCase();
}

export function createSandboxSwitch(deps: { db: Db; clock: Clock; bank: Config['bank'] }): InterbankSwitch {
  const { db, clock, bank } = deps;

  function check(destinationBankCode: string, accountNumber: string): '00' | '07' | '25' {
    const destination = findBank(bank, destinationBankCode);
    if (!destination || destination.isSelf) return '07';
    if (!isValidNubanFor(accountNumber, destination)) return '07';
    if (accountNumber.startsWith(sandboxSerials.notFound)) return '25';
    return '00';
  }

  return {
    async nameEnquiry(request: NameEnquiryRequest): Promise<NameEnquiryResponse> {
      const code = check(request.destinationBankCode, request.accountNumber);
      if (code !== '00') return { responseCode: code, sessionId: request.sessionId };
      return { responseCode: '00', sessionId: request.sessionId, accountName: sandboxAccountName(request.destinationBankCode, request.accountNumber) };
    },

    async fundsTransfer(request: FundsTransferRequest): Promise<SwitchResponse> {
      const code = check(request.destinationBankCode, request.beneficiaryAccount);
      if (code !== '00') return { responseCode: code, sessionId: request.sessionId };
      const serial = request.beneficiaryAccount.slice(0, 9);
      let outcome: 'successful' | 'failed' = 'successful';
      let answer = '00';
      if (serial === sandboxSerials.bankUnavailable) return { responseCode: '91', sessionId: request.sessionId };
      if (serial === sandboxSerials.notPermittedToReceiver) return { responseCode: '57', sessionId: request.sessionId };
      if (serial === sandboxSerials.timeoutThenSuccess || serial === sandboxSerials.stuck) answer = '97';
      if (serial === sandboxSerials.timeoutThenFailure) {
        answer = '97';
        outcome = 'failed';
      }
      // The switch remembers what it received; a repeated session id is NIP's 94 (duplicate).
      const inserted = await db
        .insertInto('sandbox_nip_transfers')
        .values({ session_id: request.sessionId, destination_bank_code: request.destinationBankCode, account_number: request.beneficiaryAccount, amount: request.amount, outcome, created_at: clock.now().toISOString() })
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return { responseCode: '94', sessionId: request.sessionId };
      return { responseCode: answer, sessionId: request.sessionId };
    },

    async statusQuery(request: { sessionId: string }): Promise<SwitchResponse> {
      const row = await db.selectFrom('sandbox_nip_transfers').select(['outcome', 'account_number']).where('session_id', '=', request.sessionId).executeTakeFirst();
      if (!row) return { responseCode: '25', sessionId: request.sessionId };
      if (row.account_number.startsWith(sandboxSerials.stuck)) return { responseCode: '09', sessionId: request.sessionId };
      return { responseCode: row.outcome === 'successful' ? '00' : '91', sessionId: request.sessionId };
    },
  };
}
