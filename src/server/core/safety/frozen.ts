import { fail, type Failure } from '../result.ts';
import { said } from '../../../i18n/said.ts';

/**
 * A frozen account: no money leaves it, whatever pays for what; money still comes in.
 * The money gate asks twice: before the PIN (so a frozen account costs no PIN try and says why),
 * and again inside the money transaction, so a freeze that lands while a payment is on its way
 * stops it too. Inbound credits and reversals never pass the gate.
 */
export const accountFrozenMessage = said('said.errors.accountFrozen');

export function accountFrozen(): Failure {
  return fail('ACCOUNT_FROZEN', accountFrozenMessage);
}

/** How an account was frozen: signed in with the password, from /freeze with an emailed code, or by the bank's staff (the back office). */
export type FrozenVia = 'password' | 'code' | 'staff';

/** Whether the account is frozen, since when and how. */
export type FreezeState = { frozen: boolean; frozenAt: string | null; via: FrozenVia | null };

/** The freeze state from the user's two columns (AccountFreeze.state reads them; so does every signed-in request's session statement). */
export function freezeStateOf(row: { frozen_at: string | null; frozen_via: FrozenVia | null } | undefined): FreezeState {
  return { frozen: Boolean(row?.frozen_at), frozenAt: row?.frozen_at ?? null, via: row?.frozen_via ?? null };
}
