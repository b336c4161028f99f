import { cablePurchaseSchema, type CableCustomer, type CablePackage, type CableProvider } from '../../../lib/bills.ts';
import { initialPackageId, renewalFirst, smartcardFingerprint, smartcardNotFoundMessage } from '../../../lib/cable-form.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import { purchaseBalanceProblem } from '../../../lib/mobile-purchase.ts';
import { succeed, type Failure } from '../../core/result.ts';
import { parseValues } from '../api.ts';
import type { PaymentKind } from '../payment-steps.ts';
import { fieldFailure, onlyAbout, receiptAt, type PaymentScope } from './scope.ts';
import { said } from '../../../i18n/said.ts';

export type Card = { provider_id: string; smartcard_number: string };
export type CardChoice = { card: Card; provider: CableProvider };
/** `chosen`: the package chosen on the choose step, shown on the review (null until then). */
export type CardShown = { customer: CableCustomer; renewal: CablePackage | null; others: CablePackage[]; chosenId: string; chosen: CablePackage | null };

const cardSchema = cablePurchaseSchema.pick({ provider_id: true, smartcard_number: true });
const paymentSchema = cablePurchaseSchema.pick({ package_id: true, pin: true });

/**
 * Pay for cable TV: details (provider, smartcard or IUC number) → the card verified with the
 * provider (every time the choose or confirm step is shown) → choose (whose card it is, the
 * current package and due date, the provider's packages with a renewal of the current one
 * first) → confirm (the review: card, owner, provider, package, fee, total; the PIN) → the
 * purchase. The key stands for the card: the package is chosen after it and carried to the
 * review (`package_id`).
 */
export async function cableKind({ app, user, account }: PaymentScope) {
  const providers = await app.bills.cableProviders();
  const packagesByProvider: Record<string, CablePackage[]> = {};
  for (const provider of providers) {
    const list = await app.bills.cablePackages(provider.id);
    packagesByProvider[provider.id] = list.ok ? list.value : [];
  }
  const today = lagosDate(app.clock.now());
  /** "Not found" beside the smartcard number in the customer's words; anything else on top. */
  const inCustomerWords = (failure: Failure, { provider }: CardChoice): Failure =>
    failure.code === 'ACCOUNT_NOT_FOUND' ? fieldFailure('smartcard_number', smartcardNotFoundMessage(provider), 'ACCOUNT_NOT_FOUND') : failure;

  const kind: PaymentKind<Card, CardChoice, CardShown, { package_id: string; pin: string }, null> = {
    detailFields: ['provider_id', 'smartcard_number'],
    parse: (values) => parseValues(values, cardSchema),
    check(card) {
      const provider = providers.find((candidate) => candidate.id === card.provider_id);
      return provider ? succeed({ card, provider }) : fieldFailure('provider_id', said('said.purchases.providerList'));
    },
    fingerprint: ({ card }) => smartcardFingerprint(card),
    async confirm({ card, provider }, values) {
      const verified = await app.bills.verifySmartcard(provider.id, { smartcard_number: card.smartcard_number });
      if (!verified.ok) return verified;
      const customer = verified.value;
      const list = packagesByProvider[provider.id] ?? [];
      const { renewal, others } = renewalFirst(list, customer.current_package);
      return succeed({ customer, renewal, others, chosenId: initialPackageId(list, customer.current_package, values.package_id), chosen: null });
    },
    /** A package the provider sells (posted on the choose step, or carried to the review), and on the choose step one the balance covers. */
    choose(_card, shown, values, _step, balanceKobo) {
      const chosen = [...(shown.renewal ? [shown.renewal] : []), ...shown.others].find((item) => item.id === values.package_id);
      if (!chosen) return fieldFailure('package_id', said('said.purchases.package'));
      const overBalance = balanceKobo === null ? undefined : purchaseBalanceProblem(balanceKobo, chosen.amount);
      return overBalance ? fieldFailure('package_id', overBalance, 'INSUFFICIENT_FUNDS') : succeed({ ...shown, chosen });
    },
    // The package, the balance, the daily limit: chosen again on the choose step.
    backToChoice: (failure) => !onlyAbout(failure, ['pin']),
    // The balance and the daily limit are about the package's price, shown beside the packages.
    confirmErrors: (errors, problem) => (errors.amount && !errors.package_id ? { ...errors, package_id: [problem?.message ?? errors.amount[0]!] } : errors),
    readPayment: (values) => parseValues(values, paymentSchema),
    pay: ({ card }, payment, key) => app.bills.buyCable(user.id, account.account_number, { ...card, ...payment }, key),
    receiptPath: receiptAt('/bills/cable/success'),
    // The PIN, the balance, the daily limit, the provider not answering: put right where they are.
    staysOnConfirm: (failure) => failure.code !== 'ACCOUNT_NOT_FOUND' && failure.code !== 'NOT_FOUND' && onlyAbout(failure, ['package_id', 'amount', 'pin']),
    inCustomerWords,
    carriesKeyBack: true,
    againMessage: said('said.purchases.payAgain'),
    extraFor: () => null,
    firstVisit: async () => ({ values: {}, extra: null }),
  };
  return { kind, providers, packagesByProvider, today };
}
