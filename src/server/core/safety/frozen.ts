import { fail, type Failure } from '../result.ts';

/**
 * A frozen account (issue 13): no money leaves it, whatever pays for what; money still comes in.
 * The money gate asks twice: before the PIN (so a frozen account costs no PIN try and says why),
 * and again inside the money transaction, so a freeze that lands while a payment is on its way
 * stops it too. Inbound credits and reversals never pass the gate.
 */
export const accountFrozenMessage =
  'Your account is frozen, so no money can leave it. Money sent to you still arrives. To unfreeze it, sign in and choose “Unfreeze my account” in Settings, with your password, PIN and security answer.';

export function accountFrozen(): Failure {
  return fail('ACCOUNT_FROZEN', accountFrozenMessage);
}
