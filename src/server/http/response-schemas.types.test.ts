import { expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { App } from '../app.ts';
import type { UserJson } from '../core/users/present-user.ts';
import type { TransactionJson } from '../../lib/transaction.ts';
import type { HistoryPage } from '../core/transactions/transaction-repository.ts';
import type { BeneficiaryJson } from '../core/beneficiaries/beneficiary-service.ts';
import type { KycOutcome, KycStatusJson } from '../core/kyc/kyc-service.ts';
import type { AlertSettings } from '../core/alerts/alert-service.ts';
import type { LimitsJson } from '../core/customer-limits/limits-service.ts';
import type { ScheduledTransferJson } from '../core/scheduled-transfers/scheduled-transfer-service.ts';
import type { CustomerDataExport } from '../core/data-export/customer-data.ts';
import type { CaseJson } from '../core/cases/case-service.ts';
import type { NameEnquiryJson } from '../core/transfers/transfer-service.ts';
import type { BankJson } from '../core/reference/banks.ts';
import type { PaymentRequestJson, PublicPaymentRequestJson } from '../../lib/payment-request-schemas.ts';
import type { CableCustomer, CablePackage, DataPlan, MeterCustomer } from '../../lib/bills.ts';
import type { statesWithLgas } from '../../lib/states.ts';
import type { securityQuestions } from '../../lib/reference.ts';
import type * as answers from '../../lib/response-schemas.ts';

/**
 * The response schemas (src/lib/response-schemas.ts) are the very types the server presents:
 * these assertions fail `tsc --noEmit` (npm run typecheck) when a presenter gains, loses or
 * changes a field the contract does not. The runtime half is in response-schemas.test.ts.
 */
type Out<S extends z.ZodType> = z.output<S>;
type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
/** An intersection (UserJson is OnboardingFlags & {...}) as the one object type it is. */
type Flat<T> = { [K in keyof T]: T[K] };
type Mutable<T> = T extends readonly (infer Item)[] ? { -readonly [K in keyof Item]: Item[K] extends readonly (infer Inner)[] ? Inner[] : Item[K] }[] : T;

it('response schemas are the presented types', () => {
  expectTypeOf<Out<typeof answers.userJsonSchema>>().toEqualTypeOf<Flat<UserJson>>();
  expectTypeOf<Out<typeof answers.transactionJsonSchema>>().toEqualTypeOf<TransactionJson>();
  expectTypeOf<Out<typeof answers.historyPageSchema>>().toEqualTypeOf<HistoryPage>();
  expectTypeOf<Out<typeof answers.statisticsSchema>>().toEqualTypeOf<Answer<App['transactions']['statistics']>>();
  expectTypeOf<Out<typeof answers.beneficiaryJsonSchema>>().toEqualTypeOf<BeneficiaryJson>();
  expectTypeOf<Out<typeof answers.kycStatusSchema>>().toEqualTypeOf<KycStatusJson>();
  expectTypeOf<Out<typeof answers.kycOutcomeSchema>>().toEqualTypeOf<{ user: Flat<UserJson>; kyc: KycOutcome['kyc'] }>();
  expectTypeOf<Out<typeof answers.alertSettingsAnswerSchema>>().toEqualTypeOf<AlertSettings>();
  expectTypeOf<Out<typeof answers.limitsJsonSchema>>().toEqualTypeOf<LimitsJson>();
  expectTypeOf<Out<typeof answers.scheduledTransferJsonSchema>>().toEqualTypeOf<ScheduledTransferJson>();
  expectTypeOf<Out<typeof answers.caseJsonSchema>>().toEqualTypeOf<CaseJson>();
  expectTypeOf<Out<typeof answers.nameEnquiryAnswerSchema>>().toEqualTypeOf<NameEnquiryJson>();
  expectTypeOf<Out<typeof answers.banksSchema>>().toEqualTypeOf<BankJson[]>();
  expectTypeOf<Out<typeof answers.paymentRequestJsonSchema>>().toEqualTypeOf<PaymentRequestJson>();
  expectTypeOf<Out<typeof answers.publicPaymentRequestSchema>>().toEqualTypeOf<PublicPaymentRequestJson>();
  expectTypeOf<Out<typeof answers.dataPlansSchema>>().toEqualTypeOf<DataPlan[]>();
  expectTypeOf<Out<typeof answers.cablePackagesSchema>>().toEqualTypeOf<CablePackage[]>();
  expectTypeOf<Out<typeof answers.meterCustomerSchema>>().toEqualTypeOf<MeterCustomer>();
  expectTypeOf<Out<typeof answers.cableCustomerSchema>>().toEqualTypeOf<CableCustomer>();
  expectTypeOf<Out<typeof answers.networksSchema>>().toEqualTypeOf<Answer<App['bills']['networks']>>();
  expectTypeOf<Out<typeof answers.discosSchema>>().toEqualTypeOf<Answer<App['bills']['discos']>>();
  expectTypeOf<Out<typeof answers.cableProvidersSchema>>().toEqualTypeOf<Answer<App['bills']['cableProviders']>>();
  expectTypeOf<Out<typeof answers.statesSchema>>().toEqualTypeOf<Mutable<typeof statesWithLgas>>();
  expectTypeOf<Out<typeof answers.securityQuestionsSchema>>().toEqualTypeOf<Mutable<typeof securityQuestions>>();
  expectTypeOf<Out<typeof answers.customerDataExportSchema>>().toEqualTypeOf<{ about: CustomerDataExport['about']; profile: Flat<CustomerDataExport['profile']>; accounts: Flat<CustomerDataExport['accounts'][number]>[]; staff_actions: CustomerDataExport['staff_actions'] }>();
});
