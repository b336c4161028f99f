import { randomInt } from 'node:crypto';
import type { CableCustomer, CablePackage, CableProvider, DataPlan, Disco, MeterCustomer, MeterType, Network } from '../../../lib/bills.ts';
import type { Kobo } from '../../../lib/money.ts';

/**
 * A bill aggregator, modelled on VTpass, Interswitch and Flutterwave bills (DOMAIN.md): a
 * catalogue of services and their variations (fixed prices) or open amounts; verification of a
 * customer id (meter, smartcard); payment under a unique request id that is both the
 * idempotency key and the re-query key; and a status query on that request id.
 */
export type BillerCatalogue = {
  networks: Network[];
  dataPlans: Record<string, DataPlan[]>;
  discos: Disco[];
  cableProviders: CableProvider[];
  cablePackages: Record<string, CablePackage[]>;
};

export type BillService = 'airtime' | 'data' | 'electricity' | 'cable';

export type PaymentRequest = {
  /** Unique per purchase, at least 12 characters, the first 12 `YYYYMMDDHHmm` in Lagos time. */
  requestId: string;
  service: BillService;
  /** The network, DisCo or TV provider. */
  providerId: string;
  /** The data plan or bouquet code; absent for open amounts. */
  variationCode?: string;
  /** Phone number, meter number or smartcard number. */
  customerId: string;
  meterType?: MeterType;
  amount: Kobo;
};

export type Delivery = {
  status: 'delivered';
  providerReference: string;
  /** Prepaid electricity: 20 digits. */
  token?: string;
  /** Prepaid electricity: kWh, one decimal. */
  units?: number;
  /** Postpaid electricity: the DisCo's receipt number. */
  receiptNumber?: string;
};
export type PaymentAnswer = Delivery | { status: 'failed'; reason: string } | { status: 'pending' };
/** A status query can also say the request never arrived: safe to reverse, nothing was delivered. */
export type QueryAnswer = PaymentAnswer | { status: 'not_received' };

export type Verification<T> = { status: 'found'; customer: T } | { status: 'not_found' };

export interface Biller {
  catalogue(): Promise<BillerCatalogue>;
  verifyMeter(request: { discoId: string; meterNumber: string; meterType: MeterType }): Promise<Verification<MeterCustomer>>;
  verifySmartcard(request: { providerId: string; smartcardNumber: string }): Promise<Verification<CableCustomer>>;
  /** May throw (network failure) or time out: both mean "pending", never "failed". */
  pay(request: PaymentRequest): Promise<PaymentAnswer>;
  query(requestId: string): Promise<QueryAnswer>;
}

/** VTpass's rule: the first 12 characters are the Lagos date and time to the minute, then anything unique. */
export function newBillRequestId(at: Date): string {
  const lagos = new Date(at.getTime() + 3_600_000).toISOString();
  const stamp = lagos.slice(0, 16).replace(/[-T:]/g, '');
  let tail = '';
  for (let index = 0; index < 12; index += 1) tail += 'abcdefghijklmnopqrstuvwxyz0123456789'[randomInt(36)];
  return `${stamp}${tail}`;
}
