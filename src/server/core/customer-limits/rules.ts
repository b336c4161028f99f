import { kobo, type Kobo } from '../../../lib/money.ts';

/**
 * The customer's own safety limits (docs/decisions/005-new-browser-cap-and-own-limits.md) as pure decisions, so the money transaction, the
 * settings page and GET /v1/limits read them alike:
 * - the own daily limit: at or below the tier's; a lowering applies at once, a raise after a delay;
 * - the new-browser cap: in the hours after the account opens and after a sign-in from a browser
 *   the customer has not used before, what leaves the account (transfers and bill payments) is
 *   capped in total across the window; and, counted on its own, what arrives (credit-cap.ts): the
 *   CBN's circular of March 2026 caps inflows and outflows alike.
 */

/** The row of customer_limits as the rules need it (no row: every field null, instant payments on). */
export type OwnLimitState = {
  ownDailyLimitKobo: Kobo | null;
  raiseToKobo: Kobo | null;
  raiseAppliesAt: string | null;
};

/** The own daily limit in force at `now`: a raise whose time has come is in force. Null: none (the tier's applies). */
export function ownLimitAt(state: OwnLimitState, now: Date): Kobo | null {
  if (state.raiseToKobo !== null && state.raiseAppliesAt !== null && Date.parse(state.raiseAppliesAt) <= now.getTime()) return state.raiseToKobo;
  return state.ownDailyLimitKobo;
}

/** A raise still waiting at `now`, or null. */
export function pendingRaiseAt(state: OwnLimitState, now: Date): { limitKobo: Kobo; appliesAt: string } | null {
  if (state.raiseToKobo === null || state.raiseAppliesAt === null) return null;
  if (Date.parse(state.raiseAppliesAt) <= now.getTime()) return null;
  return { limitKobo: state.raiseToKobo, appliesAt: state.raiseAppliesAt };
}

/**
 * What a request to set the own daily limit to `requestedKobo` does: compared with the limit in
 * force (the tier's when the customer set none), a lower or equal one applies at once and drops a
 * waiting raise; a higher one (at most the tier's) waits `delayMs` and needs the password and PIN.
 */
export function dailyLimitChange(
  state: OwnLimitState,
  requestedKobo: Kobo,
  tierLimitKobo: Kobo,
  now: Date,
  delayMs: number,
): { kind: 'over_tier' } | { kind: 'lower'; next: OwnLimitState } | { kind: 'raise'; next: OwnLimitState; appliesAt: string } {
  if (requestedKobo > tierLimitKobo) return { kind: 'over_tier' };
  const inForce = ownLimitAt(state, now) ?? tierLimitKobo;
  if (requestedKobo <= inForce) return { kind: 'lower', next: { ownDailyLimitKobo: requestedKobo, raiseToKobo: null, raiseAppliesAt: null } };
  const appliesAt = new Date(now.getTime() + delayMs).toISOString();
  return { kind: 'raise', next: { ownDailyLimitKobo: ownLimitAt(state, now), raiseToKobo: requestedKobo, raiseAppliesAt: appliesAt }, appliesAt };
}

/** Why the cap is on: the account is new, or a new browser signed in. */
export type CapReason = 'new_account' | 'new_browser';
export type CapWindow = { startedAt: string; until: string; reason: CapReason };

/**
 * The cap window open at `now`, if any: the first `capMs` after the account opened, and the
 * window a new-browser sign-in opened. When both are open they count as one, from the earlier
 * start to the later end, so what was moved in one counts against the other.
 */
export function capWindowAt(input: { accountOpenedAt: string; newBrowserStartedAt: string | null; newBrowserUntil: string | null }, now: Date, capMs: number): CapWindow | null {
  const at = now.getTime();
  const windows: CapWindow[] = [];
  const openedAt = Date.parse(input.accountOpenedAt);
  if (at >= openedAt && at < openedAt + capMs) windows.push({ startedAt: input.accountOpenedAt, until: new Date(openedAt + capMs).toISOString(), reason: 'new_account' });
  if (input.newBrowserStartedAt && input.newBrowserUntil && at >= Date.parse(input.newBrowserStartedAt) && at < Date.parse(input.newBrowserUntil)) {
    windows.push({ startedAt: input.newBrowserStartedAt, until: input.newBrowserUntil, reason: 'new_browser' });
  }
  if (windows.length === 0) return null;
  const startedAt = windows.map((window) => window.startedAt).sort()[0]!;
  const until = windows.map((window) => window.until).sort().at(-1)!;
  // A new browser is the reason worth telling once it is one: it is what the customer can check.
  return { startedAt, until, reason: windows.some((window) => window.reason === 'new_browser') ? 'new_browser' : 'new_account' };
}

/**
 * The new-browser window after a sign-in from a new browser at `now`: a window already open keeps
 * its start (what was moved since still counts; signing in again never refills the allowance) and
 * lasts at least `capMs` from now; otherwise a new one opens now.
 */
export function windowAfterNewBrowser(input: { accountOpenedAt: string; newBrowserStartedAt: string | null; newBrowserUntil: string | null }, now: Date, capMs: number): { startedAt: string; until: string } {
  const open = capWindowAt(input, now, capMs);
  const fresh = new Date(now.getTime() + capMs).toISOString();
  if (!open) return { startedAt: now.toISOString(), until: fresh };
  return { startedAt: open.startedAt, until: open.until > fresh ? open.until : fresh };
}

/** One limit a debit must stay within: how much it allows, how much is used, how much is left. */
export type LimitCheck = { limitKobo: Kobo; usedKobo: Kobo; leftKobo: Kobo };

export function limitCheck(limitKobo: Kobo, usedKobo: Kobo): LimitCheck {
  return { limitKobo, usedKobo, leftKobo: kobo(Math.max(0, limitKobo - usedKobo)) };
}

/** Of the limits a debit of `amountKobo` would break, the tightest (least left); null when it breaks none. */
export function tightestBroken<T extends LimitCheck>(checks: T[], amountKobo: Kobo): T | null {
  let tightest: T | null = null;
  for (const check of checks) {
    if (check.usedKobo + amountKobo <= check.limitKobo) continue;
    if (!tightest || check.leftKobo < tightest.leftKobo) tightest = check;
  }
  return tightest;
}
