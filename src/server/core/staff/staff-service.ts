import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { StaffTable } from '../../db/schema.ts';
import type { Logger } from '../../log.ts';
import { addMs, type Clock } from '../clock.ts';
import { sha256Hex } from '../digest.ts';
import { newId } from '../ids.ts';
import { createLoginThrottle, type LoginThrottlePolicy } from '../auth/login-throttle.ts';
import { decoyPasswordHash, hashSecret, newSessionToken, verifySecret } from '../auth/secrets.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { passwordMaxLength, passwordMinLength } from '../../../lib/schemas.ts';
import { isCleanLine } from '../../../lib/text.ts';
import { say } from '../../../i18n/translate.ts';
import { appendAudit, type AuditLog } from './audit-log.ts';
import { isStaffRole, type StaffRole } from './policy.ts';
import { newTotpSecret, qrSvg, totpStepOf, totpUri, type TotpSeal } from './totp.ts';

/**
 * The bank's staff: invitation (a one-time enrolment link, 24 hours), enrolment (a password and a
 * TOTP secret, confirmed by a first code), sign-in in two steps (password, then code), sessions
 * with a 10-minute idle timeout, and disabling. Every one of these is written to the audit log.
 *
 * Guess limits reuse the customers' login throttle (login-throttle.ts) with the staff policy:
 * tries are taken before anything is checked, so of any burst at most 5 passwords and 5 codes
 * are checked, and the fifth wrong one locks the member for 30 minutes. Its rows live in
 * `login_failures` under keys no customer email can take (`ops-password:`, `ops-code:`).
 *
 * The back office is English only (decision 028): refusals are English sentences, not catalogue keys.
 */
export const staffSessionIdleMs = 10 * 60_000;
/** A working day: a session ends after this however busy. */
export const staffSessionAbsoluteMs = 10 * 3600_000;
export const enrolmentTtlMs = 24 * 3600_000;
export const staffThrottlePolicy: LoginThrottlePolicy = { maxFailures: 5, lockMs: 30 * 60_000, windowMs: 30 * 60_000, maxFailuresPerIp: 50, ipWindowMs: 15 * 60_000 };

export type StaffMember = Pick<StaffTable, 'id' | 'name' | 'work_email' | 'status' | 'created_at' | 'enrolled_at' | 'disabled_at'> & { role: StaffRole };
/** Who acted, for the audit log: a member (null for the command line or an unknown email) and the client's address. */
export type Actor = { staffId: string | null; address: string | null };
export type StaffFailure = { ok: false; status: 400 | 401 | 404 | 409 | 423; message: string; errors?: Record<string, string>; retryAfterSeconds?: number };
export type StaffResult<T> = { ok: true; value: T } | StaffFailure;

export type ResolvedStaff =
  | { status: 'active'; sessionId: string; verified: boolean; member: StaffMember }
  | { status: 'ended'; reason: 'idle' | 'absolute' | 'revoked' }
  | { status: 'none' };

const refuse = (status: StaffFailure['status'], message: string, extra: Partial<StaffFailure> = {}): StaffFailure => ({ ok: false, status, message, ...extra });
const passwordKey = (email: string) => `ops-password:${email}`;
const codeKey = (staffId: string) => `ops-code:${staffId}`;
const memberColumns = ['id', 'name', 'work_email', 'role', 'status', 'created_at', 'enrolled_at', 'disabled_at'] as const;
const toMember = (row: Pick<StaffTable, (typeof memberColumns)[number]>): StaffMember => ({ ...row, role: row.role as StaffRole });
const emailPattern = /^[^\s@:]+@[^\s@:]+\.[^\s@:]+$/;

export function normaliseWorkEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createStaffService(deps: { db: Db; clock: Clock; log: Logger; audit: AuditLog; seal: TotpSeal; bankName: string; throttlePolicy?: LoginThrottlePolicy }) {
  const { db, clock, log, audit, seal, bankName } = deps;
  const throttle = createLoginThrottle({ db, clock, policy: deps.throttlePolicy ?? staffThrottlePolicy });
  const nowIso = () => clock.now().toISOString();

  const lockedFailure = (until: Date): StaffFailure => {
    const seconds = Math.max(1, Math.ceil((until.getTime() - clock.now().getTime()) / 1000));
    return refuse(423, `Too many wrong tries: this sign-in is locked for ${Math.ceil(seconds / 60)} minutes. Try again later, or ask an administrator.`, { retryAfterSeconds: seconds });
  };

  async function findByEmail(email: string) {
    return db.selectFrom('staff').selectAll().where('work_email', '=', normaliseWorkEmail(email)).executeTakeFirst();
  }

  async function openEnrolment(token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const row = await db
      .selectFrom('staff_enrolments')
      .innerJoin('staff', 'staff.id', 'staff_enrolments.staff_id')
      .select(['staff_enrolments.id as enrolment_id', 'staff_enrolments.expires_at', 'staff_enrolments.used_at', ...memberColumns.map((column) => `staff.${column}` as const), 'staff.totp_secret', 'staff.totp_key_version'])
      .where('staff_enrolments.id', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row || row.used_at || row.expires_at <= nowIso() || row.status !== 'invited' || !row.totp_secret || !row.totp_key_version) return null;
    const secret = seal.open(row.id, row.totp_secret, row.totp_key_version);
    return secret ? { row, secret, member: toMember(row) } : null;
  }

  const service = {
    throttle,

    /** Adds a member with a role (status invited) and makes their one-time enrolment link. */
    async invite(input: { name: string; email: string; role: string }, by: Actor & { via: 'cli' | 'screen' }): Promise<StaffResult<{ member: StaffMember; enrolPath: string }>> {
      const name = input.name.trim();
      const email = normaliseWorkEmail(input.email);
      const errors: Record<string, string> = {};
      if (name.length < 2 || name.length > 100 || !isCleanLine(name)) errors.name = 'Enter the member’s name (2 to 100 characters).';
      if (!emailPattern.test(email) || email.length > 200) errors.email = 'Enter a work email address, like name@bank.ng.';
      if (!isStaffRole(input.role)) errors.role = 'Choose one of the roles.';
      if (Object.keys(errors).length > 0) return refuse(400, 'Check the details and try again.', { errors });
      const role = input.role as StaffRole;
      const now = nowIso();
      const id = newId('stf');
      const token = randomBytes(32).toString('base64url');
      const sealed = seal.seal(id, await newTotpSecret());
      const made = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('staff')
          .values({ id, name, work_email: email, role, status: 'invited', password_hash: null, totp_secret: sealed.sealed, totp_key_version: sealed.keyVersion, totp_last_step: null, created_at: now, updated_at: now, created_by: by.staffId, enrolled_at: null, disabled_at: null })
          .onConflict((conflict) => conflict.column('work_email').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return false;
        await trx.insertInto('staff_enrolments').values({ id: sha256Hex(token), staff_id: id, created_at: now, expires_at: addMs(clock.now(), enrolmentTtlMs).toISOString(), used_at: null }).execute();
        // The record commits with the change, or neither does.
        await appendAudit(trx, clock.now(), { staffId: by.staffId, address: by.address, action: 'staff.invite', detail: { member: id, email, role, via: by.via } });
        return true;
      });
      if (!made) return refuse(409, 'A member with this work email already exists.', { errors: { email: 'A member with this work email already exists.' } });
      log.info('staff.invited', { member: id, role, via: by.via });
      const member = await db.selectFrom('staff').select(memberColumns).where('id', '=', id).executeTakeFirstOrThrow();
      return { ok: true, value: { member: toMember(member), enrolPath: `/ops/enrol/${token}` } };
    },

    async list(): Promise<StaffMember[]> {
      const rows = await db.selectFrom('staff').select(memberColumns).orderBy('created_at').orderBy('id').execute();
      return rows.map(toMember);
    },

    /** Disables a member: their sessions end at once and they can no longer sign in. */
    async disable(email: string, by: Actor & { via: 'cli' | 'screen' }): Promise<StaffResult<StaffMember>> {
      const row = await findByEmail(email);
      if (!row) return refuse(404, 'No member has this work email.');
      if (by.staffId === row.id) return refuse(409, 'You cannot disable yourself.');
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff').set({ status: 'disabled', disabled_at: now, updated_at: now }).where('id', '=', row.id).execute();
        await trx.updateTable('staff_sessions').set({ revoked_at: now, revoke_reason: 'disabled' }).where('staff_id', '=', row.id).where('revoked_at', 'is', null).execute();
        await trx.updateTable('staff_enrolments').set({ used_at: now }).where('staff_id', '=', row.id).where('used_at', 'is', null).execute();
        await appendAudit(trx, clock.now(), { staffId: by.staffId, address: by.address, action: 'staff.disable', detail: { member: row.id, email: row.work_email, via: by.via }, before: row.status, after: 'disabled' });
      });
      log.info('staff.disabled', { member: row.id, via: by.via });
      return { ok: true, value: toMember({ ...row, status: 'disabled', disabled_at: now }) };
    },

    /** What the enrolment page shows: the member, and their TOTP secret as text, URI and QR code. Null for a used, expired or unknown link. */
    async enrolment(token: string): Promise<{ member: StaffMember; secret: string; uri: string; qr: string } | null> {
      const opened = await openEnrolment(token);
      if (!opened) return null;
      const uri = await totpUri(opened.secret, opened.member.work_email, bankName);
      return { member: opened.member, secret: opened.secret, uri, qr: await qrSvg(uri, `QR code for the authenticator app: the secret ${opened.secret}`) };
    },

    /** Completes an enrolment: the password (the customers' rules) and a first right code. */
    async enrol(token: string, input: { password: string; password_confirmation: string; code: string }, by: Actor): Promise<StaffResult<StaffMember>> {
      const opened = await openEnrolment(token);
      if (!opened) return refuse(404, 'This enrolment link has been used or has expired. Ask an administrator for a new one.');
      const { member, secret } = opened;
      const errors: Record<string, string> = {};
      if (input.password.length < passwordMinLength || input.password.length > passwordMaxLength || !isCleanLine(input.password)) {
        errors.password = `Choose a password of ${passwordMinLength} to ${passwordMaxLength} characters, on one line.`;
      } else {
        const problem = passwordProblem(input.password, [member.name, member.work_email, bankName]);
        if (problem) errors.password = say('en', problem);
      }
      if (!errors.password && input.password !== input.password_confirmation) errors.password_confirmation = 'The two passwords are not the same.';
      if (Object.keys(errors).length > 0) return refuse(400, 'Check the password and try again.', { errors });
      const outcome = await throttle.attempt(`ops-enrol:${member.id}`, async () => {
        const step = await totpStepOf(secret, input.code.trim(), clock.now());
        return step === null ? ('wrong code' as const) : null;
      });
      if (outcome.kind === 'refused') return lockedFailure(outcome.lockedUntil);
      if (outcome.kind === 'wrong') {
        await audit.append({ staffId: member.id, address: by.address, action: 'staff.enrol_failed', detail: { reason: 'wrong code' } });
        return outcome.lockedUntil ? lockedFailure(outcome.lockedUntil) : refuse(400, 'That code is not right. Enter the 6 digits your authenticator app shows now.', { errors: { code: 'That code is not right.' } });
      }
      const step = (await totpStepOf(secret, input.code.trim(), clock.now()))!;
      const passwordHash = await hashSecret(input.password);
      const now = nowIso();
      const done = await db.transaction().execute(async (trx) => {
        const used = await trx.updateTable('staff_enrolments').set({ used_at: now }).where('id', '=', opened.row.enrolment_id).where('used_at', 'is', null).executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return false;
        await trx.updateTable('staff').set({ status: 'active', password_hash: passwordHash, totp_last_step: step, enrolled_at: now, updated_at: now }).where('id', '=', member.id).where('status', '=', 'invited').execute();
        await appendAudit(trx, clock.now(), { staffId: member.id, address: by.address, action: 'staff.enrol', detail: { role: member.role } });
        return true;
      });
      if (!done) return refuse(404, 'This enrolment link has been used or has expired. Ask an administrator for a new one.');
      log.info('staff.enrolled', { member: member.id });
      return { ok: true, value: { ...member, status: 'active', enrolled_at: now } };
    },

    /**
     * Sign-in, step one: the password. Right, it opens a session that waits for the code (only
     * /ops/login/code takes it). A member locked by wrong codes is refused here too.
     */
    async signInPassword(input: { email: string; password: string }, by: Actor): Promise<StaffResult<{ token: string; sessionId: string }>> {
      const email = normaliseWorkEmail(input.email);
      const row = emailPattern.test(email) ? await findByEmail(email) : undefined;
      const codeLock = row ? await throttle.lockedUntil(codeKey(row.id)) : null;
      if (codeLock) {
        await audit.append({ staffId: row!.id, address: by.address, action: 'staff.sign_in_refused', detail: { reason: 'locked (codes)' } });
        return lockedFailure(codeLock);
      }
      const outcome = await throttle.attempt(passwordKey(email), async () => {
        // An unknown, invited or disabled member still costs one argon2id verification, so timing does not tell.
        const right = await verifySecret(input.password, row?.password_hash ?? (await decoyPasswordHash()));
        return right && row?.status === 'active' ? null : ('wrong password' as const);
      });
      if (outcome.kind === 'refused') {
        await audit.append({ staffId: row?.id ?? null, address: by.address, action: 'staff.sign_in_refused', detail: { reason: 'locked (passwords)', email } });
        return lockedFailure(outcome.lockedUntil);
      }
      if (outcome.kind === 'wrong' || !row) {
        const lockedNow = outcome.kind === 'wrong' ? outcome.lockedUntil : null;
        await audit.append({ staffId: row?.id ?? null, address: by.address, action: 'staff.sign_in_failed', detail: { step: 'password', email, locked: lockedNow !== null } });
        return lockedNow ? lockedFailure(lockedNow) : refuse(401, 'The work email or the password is not right.');
      }
      const token = newSessionToken();
      const id = sha256Hex(token);
      const now = clock.now();
      await db.insertInto('staff_sessions').values({ id, staff_id: row.id, created_at: now.toISOString(), last_seen_at: now.toISOString(), expires_at: addMs(now, staffSessionAbsoluteMs).toISOString(), verified_at: null, revoked_at: null, revoke_reason: null, ip: by.address }).execute();
      await audit.append({ staffId: row.id, address: by.address, action: 'staff.sign_in_password', detail: {} });
      return { ok: true, value: { token, sessionId: id } };
    },

    /**
     * Sign-in, step two: the 6-digit code, for a session whose password was right. A code is taken
     * once: the step it belongs to is stored, and a code of that step or an earlier one is refused,
     * in the statement that stores it (two parallel posts of one code: one wins).
     */
    async signInCode(sessionId: string, code: string, by: Actor): Promise<StaffResult<null>> {
      const row = await db
        .selectFrom('staff_sessions')
        .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
        .select(['staff.id', 'staff.status', 'staff.totp_secret', 'staff.totp_key_version', 'staff_sessions.verified_at', 'staff_sessions.revoked_at'])
        .where('staff_sessions.id', '=', sessionId)
        .executeTakeFirst();
      if (!row || row.revoked_at || row.status !== 'active' || !row.totp_secret || !row.totp_key_version) return refuse(401, 'Sign in again.');
      if (row.verified_at) return { ok: true, value: null };
      const secret = seal.open(row.id, row.totp_secret, row.totp_key_version);
      if (!secret) {
        log.error('staff.totp_unreadable', { member: row.id });
        return refuse(401, 'Your authenticator secret cannot be read on this server. Ask an administrator.');
      }
      const outcome = await throttle.attempt(codeKey(row.id), async () => {
        const step = await totpStepOf(secret, code.trim(), clock.now());
        if (step === null) return 'wrong code' as const;
        const taken = await db.updateTable('staff').set({ totp_last_step: step }).where('id', '=', row.id).where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)])).executeTakeFirst();
        return Number(taken.numUpdatedRows) === 1 ? null : ('code used already' as const);
      });
      if (outcome.kind === 'refused') {
        await audit.append({ staffId: row.id, address: by.address, action: 'staff.sign_in_refused', detail: { reason: 'locked (codes)' } });
        return lockedFailure(outcome.lockedUntil);
      }
      if (outcome.kind === 'wrong') {
        await audit.append({ staffId: row.id, address: by.address, action: 'staff.sign_in_failed', detail: { step: 'code', reason: outcome.wrong, locked: outcome.lockedUntil !== null } });
        return outcome.lockedUntil ? lockedFailure(outcome.lockedUntil) : refuse(401, 'That code is not right, or it was used already. Enter the 6 digits your authenticator app shows now.');
      }
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff_sessions').set({ verified_at: now, last_seen_at: now }).where('id', '=', sessionId).execute();
        await appendAudit(trx, clock.now(), { staffId: row.id, address: by.address, action: 'staff.sign_in', detail: {} });
      });
      await throttle.clear(passwordKey(row.id));
      log.info('staff.signed_in', { member: row.id });
      return { ok: true, value: null };
    },

    /** The session a token stands for; a live one is touched (its idle clock starts again). */
    async resolve(token: string): Promise<ResolvedStaff> {
      if (token.length > 200) return { status: 'none' };
      const row = await db
        .selectFrom('staff_sessions')
        .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
        .select(['staff_sessions.id as session_id', 'staff_sessions.last_seen_at', 'staff_sessions.expires_at', 'staff_sessions.verified_at', 'staff_sessions.revoked_at', ...memberColumns.map((column) => `staff.${column}` as const)])
        .where('staff_sessions.id', '=', sha256Hex(token))
        .executeTakeFirst();
      if (!row) return { status: 'none' };
      const now = clock.now();
      if (row.revoked_at) return { status: 'ended', reason: 'revoked' };
      if (row.status !== 'active') {
        await db.updateTable('staff_sessions').set({ revoked_at: now.toISOString(), revoke_reason: 'disabled' }).where('id', '=', row.session_id).execute();
        return { status: 'ended', reason: 'revoked' };
      }
      if (row.expires_at <= now.toISOString()) return { status: 'ended', reason: 'absolute' };
      if (addMs(new Date(row.last_seen_at), staffSessionIdleMs) <= now) {
        await db.updateTable('staff_sessions').set({ revoked_at: now.toISOString(), revoke_reason: 'idle' }).where('id', '=', row.session_id).where('revoked_at', 'is', null).execute();
        return { status: 'ended', reason: 'idle' };
      }
      await db.updateTable('staff_sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', row.session_id).execute();
      return { status: 'active', sessionId: row.session_id, verified: row.verified_at !== null, member: toMember(row) };
    },

    async signOut(sessionId: string, by: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff_sessions').set({ revoked_at: nowIso(), revoke_reason: 'sign_out' }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
        await appendAudit(trx, clock.now(), { staffId: by.staffId, address: by.address, action: 'staff.sign_out', detail: {} });
      });
    },
  };
  return service;
}
export type StaffService = ReturnType<typeof createStaffService>;
