import { z } from 'zod';
import { isCleanLine } from '../../../lib/text.ts';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../clock.ts';
import type { AccountFreeze } from '../safety/account-freeze.ts';
import { canMoveMoney } from '../kyc/identity-rule.ts';
import { alertKey, smsAlertKey, smsAlertJob, transactionAlertJob } from '../alerts/alert-jobs.ts';
import { appendAudit, type AuditLog } from './audit-log.ts';
import { maskAccountNumber, maskEmail, maskIdentityNumber, maskPhone } from './masking.ts';
import { may, type OpsAction, type StaffRole } from './policy.ts';

/**
 * The support desk (decision 029): find one customer by an exact identifier, read what the role
 * may see of them, and freeze their account at once. The policy table decides every step here
 * as well as at the route, so a caller that skipped the middleware is still refused; every
 * search, every read and every freeze is appended to the audit log.
 *
 * What is never read, so never shown: password, PIN and answer hashes, session tokens, device
 * hashes, and more of a BVN, NIN or phone number than the masks keep.
 */
export type DeskActor = { staffId: string; role: StaffRole; address: string | null };
export type DeskFailure = { ok: false; status: 400 | 403 | 404; message: string };
export type DeskResult<T> = { ok: true; value: T } | DeskFailure;

const refuse = (status: DeskFailure['status'], message: string): DeskFailure => ({ ok: false, status, message });
const notForRole = (by: DeskActor, action: OpsAction): DeskFailure | null =>
  may(by.role, action) ? null : refuse(403, `Your role (${by.role}) may not do this.`);

export type SearchKind = 'account_number' | 'phone' | 'email' | 'case_number';
export type Search = { kind: SearchKind; value: string; masked: string };

const searchText = z.string().trim().min(1, 'Enter what to search for.').max(254, 'That is too long for any of the four.');
export const searchHelp = 'Enter a 10-digit account number, a phone number (080… or +234…), an email address or a case number (HB-CASE-…). Only exact matches are found.';

/** What a search box's text is, normalised as the app stores it; refused (400, with the help sentence) when it is none of the four. */
export function classifySearch(raw: unknown): DeskResult<Search> {
  const parsed = searchText.safeParse(raw);
  if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? searchHelp);
  const text = parsed.data;
  if (/^\d{10}$/.test(text)) return { ok: true, value: { kind: 'account_number', value: text, masked: maskAccountNumber(text) } };
  const phone = text.replace(/[\s()-]/g, '');
  if (/^(?:\+?234|0)[789][01]\d{8}$/.test(phone)) {
    const e164 = '+234' + phone.replace(/^(?:\+?234|0)/, '');
    return { ok: true, value: { kind: 'phone', value: e164, masked: maskPhone(e164) } };
  }
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) {
    const email = text.toLowerCase();
    return { ok: true, value: { kind: 'email', value: email, masked: maskEmail(email) } };
  }
  if (/^HB-CASE-\d{4}-\d{6}$/i.test(text)) {
    const number = text.toUpperCase();
    return { ok: true, value: { kind: 'case_number', value: number, masked: number } };
  }
  return refuse(400, searchHelp);
}

export const freezeReasonSchema = z
  .string({ error: 'Give the reason for the freeze.' })
  .trim()
  .min(10, 'Give the reason for the freeze (at least 10 characters).')
  .max(500, 'Keep the reason to 500 characters.')
  .refine((text) => text.split(/\r?\n/).every(isCleanLine), 'The reason has a character that cannot be kept.');

export function createCustomerDesk(deps: { db: Db; clock: Clock; audit: AuditLog; freeze: Pick<AccountFreeze, 'freezeByStaff' | 'staffFrozen'> }) {
  const { db, clock, audit, freeze } = deps;

  async function findUserId(search: Search): Promise<string | null> {
    if (search.kind === 'account_number') {
      const row = await db.selectFrom('accounts').select('user_id').where('account_number', '=', search.value).where('kind', '=', 'customer').executeTakeFirst();
      return row?.user_id ?? null;
    }
    if (search.kind === 'case_number') {
      const row = await db.selectFrom('support_cases').select('user_id').where('number', '=', search.value).executeTakeFirst();
      return row?.user_id ?? null;
    }
    const column = search.kind === 'phone' ? 'phone_number' : 'email';
    const row = await db.selectFrom('users').select('id').where(column, '=', search.value).executeTakeFirst();
    return row?.id ?? null;
  }

  /** Who the freeze page names: nothing more than the name, the account number and whether it is frozen. */
  async function summary(userId: string) {
    const user = await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'frozen_at']).where('id', '=', userId).executeTakeFirst();
    if (!user) return null;
    const accounts = await db.selectFrom('accounts').select('account_number').where('user_id', '=', userId).where('kind', '=', 'customer').orderBy('created_at').execute();
    return { id: user.id, name: `${user.first_name} ${user.last_name}`, frozenAt: user.frozen_at, accountNumbers: accounts.map((account) => account.account_number) };
  }

  return {
    /** One exact search; audited whether or not it finds anyone, and when the text is none of the four kinds. */
    async find(raw: unknown, by: DeskActor): Promise<DeskResult<{ userId: string | null; search: Search }>> {
      const refused = notForRole(by, 'customer.find');
      if (refused) return refused;
      const classified = classifySearch(raw);
      if (!classified.ok) {
        // Refused before any lookup, and still recorded: what was typed is not kept, only that it was none of the four.
        await audit.append({ staffId: by.staffId, address: by.address, action: 'customer.find', detail: { kind: 'unrecognised', found: false } });
        return classified;
      }
      const search = classified.value;
      const userId = await findUserId(search);
      await audit.append({ staffId: by.staffId, address: by.address, action: 'customer.find', customerUserId: userId, detail: { kind: search.kind, query: search.masked, found: userId !== null } });
      return { ok: true, value: { userId, search } };
    },

    /** The customer view: audited as one read of the customer's record. */
    async view(userId: string, by: DeskActor) {
      const refused = notForRole(by, 'customer.read');
      if (refused) return refused;
      const user = await db
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'email', 'phone_number', 'tier', 'bvn_verified_at', 'nin_verified_at', 'liveness_passed_at', 'email_verified_at', 'frozen_at', 'frozen_via', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) return refuse(404, 'No customer has this id.');
      await audit.append({ staffId: by.staffId, address: by.address, action: 'customer.read', customerUserId: userId, detail: {} });

      const lastDigits = async (kind: 'bvn' | 'nin') => {
        const row = await db.selectFrom('kyc_checks').select(['bvn_last4', 'nin_last4']).where('user_id', '=', userId).where('kind', '=', kind).where('outcome', '=', 'verified').orderBy('created_at', 'desc').executeTakeFirst();
        return maskIdentityNumber((kind === 'bvn' ? row?.bvn_last4 : row?.nin_last4) ?? null);
      };
      const accounts = await db.selectFrom('accounts').select(['account_number', 'type', 'balance', 'created_at']).where('user_id', '=', userId).where('kind', '=', 'customer').orderBy('created_at').execute();
      // By the customer's account numbers (each row is on one of them), so the (account, time, id) index answers.
      const accountNumbers = accounts.map((account) => account.account_number);
      const transactions = accountNumbers.length === 0 ? [] : await db
        .selectFrom('transactions')
        .select(['id', 'reference', 'account_number', 'type', 'status', 'amount', 'fee', 'created_at'])
        .where('account_number', 'in', accountNumbers)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      // The alerts the app keeps are its jobs: an email job per transaction row and the SMS job it queues.
      const keys = transactions.flatMap((row) => [alertKey(row.id), smsAlertKey(row.id)]);
      const jobs = keys.length === 0 ? [] : await db.selectFrom('jobs').select(['kind', 'unique_key', 'status', 'run_at', 'finished_at']).where('kind', 'in', [transactionAlertJob, smsAlertJob]).where('unique_key', 'in', keys).execute();
      const referenceOf = new Map(transactions.flatMap((row) => [[alertKey(row.id), row.reference], [smsAlertKey(row.id), row.reference]] as const));
      const bound = await db.selectFrom('bound_devices').select(['device_hash', 'bound_at']).where('user_id', '=', userId).executeTakeFirst();
      const known = await db.selectFrom('known_devices').select(['device_hash', 'first_seen_at', 'last_seen_at']).where('user_id', '=', userId).orderBy('last_seen_at', 'desc').execute();
      const cases = await db.selectFrom('support_cases').select(['number', 'kind', 'status', 'created_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').execute();

      return {
        ok: true as const,
        value: {
          id: user.id,
          name: `${user.first_name} ${user.last_name}`,
          email: user.email,
          emailVerified: user.email_verified_at !== null,
          phone: maskPhone(user.phone_number),
          bvn: await lastDigits('bvn'),
          nin: await lastDigits('nin'),
          tier: user.tier,
          identity: { bvnVerified: user.bvn_verified_at !== null, ninVerified: user.nin_verified_at !== null, livenessPassed: user.liveness_passed_at !== null },
          postNoDebitOrCredit: !canMoveMoney(user),
          frozen: user.frozen_at ? { at: user.frozen_at, via: user.frozen_via } : null,
          openedAt: user.created_at,
          accounts: accounts.map((account) => ({ accountNumber: account.account_number, type: account.type, balance: Number(account.balance), openedAt: account.created_at })),
          transactions: transactions.map((row) => ({ at: row.created_at, reference: row.reference, accountNumber: row.account_number, direction: row.type, amount: Number(row.amount), fee: Number(row.fee), status: row.status })),
          // No device's hash leaves here: each is a row with its dates and whether it is the bound one.
          devices: known.map((device) => ({ firstSeenAt: device.first_seen_at, lastSeenAt: device.last_seen_at, bound: device.device_hash === bound?.device_hash })),
          boundSince: bound?.bound_at ?? null,
          alerts: jobs
            .map((job) => ({ kind: 'transaction alert', channel: job.kind === smsAlertJob ? 'sms' : 'email', reference: referenceOf.get(job.unique_key ?? '') ?? '', status: job.status, at: job.finished_at ?? job.run_at }))
            .sort((a, b) => b.at.localeCompare(a.at)),
          cases: cases.map((kase) => ({ number: kase.number, kind: kase.kind, status: kase.status, openedAt: kase.created_at })),
        },
      };
    },

    /** The freeze page's header (for a role that may freeze but not read the whole record): audited as a read. */
    async freezeSubject(userId: string, by: DeskActor): Promise<DeskResult<NonNullable<Awaited<ReturnType<typeof summary>>>>> {
      const refused = notForRole(by, 'account.freeze');
      if (refused) return refused;
      const found = await summary(userId);
      if (!found) return refuse(404, 'No customer has this id.');
      await audit.append({ staffId: by.staffId, address: by.address, action: 'customer.read', customerUserId: userId, detail: { part: 'freeze_form' } });
      return { ok: true, value: found };
    },

    /** Freeze at once, as the customer's own freeze does, with the reason and before/after in the same transaction. */
    async freeze(userId: string, reasonInput: unknown, by: DeskActor): Promise<DeskResult<{ changed: boolean; signedOutSessions: number }> | { ok: false; status: 400; message: string; field: 'reason' }> {
      const refused = notForRole(by, 'account.freeze');
      if (refused) return refused;
      const reason = freezeReasonSchema.safeParse(reasonInput);
      if (!reason.success) return { ok: false, status: 400, message: reason.error.issues[0]?.message ?? 'Give the reason for the freeze.', field: 'reason' };
      const exists = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!exists) return refuse(404, 'No customer has this id.');
      const changed = await db.transaction().execute(async (trx) => {
        const changed = await freeze.freezeByStaff(trx, userId);
        const after = await trx.selectFrom('users').select(['frozen_at', 'frozen_via']).where('id', '=', userId).executeTakeFirstOrThrow();
        // The freeze is set only on an account not frozen: changed, it was unfrozen before; unchanged, it was as it is.
        const before = changed ? { frozen_at: null, frozen_via: null } : after;
        await appendAudit(trx, clock.now(), {
          staffId: by.staffId,
          address: by.address,
          action: 'account.freeze',
          customerUserId: userId,
          detail: { reason: reason.data, changed },
          before: JSON.stringify({ frozen_at: before.frozen_at, frozen_via: before.frozen_via }),
          after: JSON.stringify(after),
        });
        return changed;
      });
      const signedOutSessions = await freeze.staffFrozen(userId, changed);
      return { ok: true, value: { changed, signedOutSessions } };
    },
  };
}
export type CustomerDesk = ReturnType<typeof createCustomerDesk>;
