import { randomInt } from 'node:crypto';
import type { Kobo } from '../../../lib/money.ts';

/**
 * The interbank switch, modelled on NIBSS NIP: a name enquiry returns the account name under a
 * session id; a funds transfer carries that id as its name-enquiry reference; a transaction
 * status query tells what became of a transfer. Response codes are NIP's (DOMAIN.md).
 */
export type NameEnquiryRequest = { sessionId: string; destinationBankCode: string; accountNumber: string };
export type NameEnquiryResponse = { responseCode: string; sessionId: string; accountName?: string };

export type FundsTransferRequest = {
  sessionId: string;
  nameEnquiryRef: string;
  destinationBankCode: string;
  beneficiaryAccount: string;
  beneficiaryName: string;
  originatorAccount: string;
  originatorName: string;
  amount: Kobo;
  narration: string;
  paymentReference: string;
};
export type SwitchResponse = { responseCode: string; sessionId: string };

export interface InterbankSwitch {
  nameEnquiry(request: NameEnquiryRequest): Promise<NameEnquiryResponse>;
  /** May throw (network failure) or time out: both mean "unknown", never "failed". */
  fundsTransfer(request: FundsTransferRequest): Promise<SwitchResponse>;
  statusQuery(request: { sessionId: string; destinationBankCode: string }): Promise<SwitchResponse>;
}

/** What a response code means for the money: only a definite answer settles a transfer. */
export type Verdict = 'approved' | 'failed' | 'unknown';
const failedCodes = new Set(['03', '05', '06', '07', '08', '12', '13', '14', '15', '16', '17', '18', '21', '25', '26', '30', '34', '35', '51', '57', '58', '61', '63', '65', '68', '91', '92']);

export function verdictOf(responseCode: string): Verdict {
  if (responseCode === '00') return 'approved';
  // 09 in progress, 94 duplicate, 96 system malfunction, 97 timeout, and anything unexpected:
  // pending until a status query answers.
  if (failedCodes.has(responseCode)) return 'failed';
  return 'unknown';
}

export const responseMessages: Record<string, string> = {
  '00': 'Approved',
  '07': 'Invalid account',
  '25': 'Unable to locate record',
  '51': 'Insufficient funds',
  '57': 'Transaction not permitted',
  '61': 'Transfer limit exceeded',
  '91': 'Beneficiary bank not available',
  '96': 'System malfunction',
  '97': 'Timeout waiting for response',
  '09': 'Request processing in progress',
  '94': 'Duplicate transaction',
};

/** 30 digits: the sender's 6-digit institution code, yyMMddHHmmss (Lagos), 12 random digits. */
export function newNipSessionId(senderInstitutionCode: string, at: Date): string {
  const lagos = new Date(at.getTime() + 3_600_000).toISOString();
  const stamp = lagos.slice(2, 4) + lagos.slice(5, 7) + lagos.slice(8, 10) + lagos.slice(11, 13) + lagos.slice(14, 16) + lagos.slice(17, 19);
  let random = '';
  for (let index = 0; index < 12; index += 1) random += String(randomInt(10));
  return senderInstitutionCode + stamp + random;
}

/**
 * The NIP response code this bank answers the switch with for an inbound credit it refused:
 * 57 "transaction not permitted to receiver" for an account that may not be credited (no
 * identity: docs/decisions/025-no-money-without-identity-and-the-cap-both-ways.md), 61 for a
 * credit past a limit, 25 for an account that does not exist.
 */
export function inboundRefusalCode(code: string): string {
  if (code === 'CREDIT_NOT_PERMITTED') return '57';
  if (code === 'LIMIT_EXCEEDED') return '61';
  if (code === 'ACCOUNT_NOT_FOUND') return '25';
  return '96';
}
