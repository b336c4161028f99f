import { beforeEach, expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { registered, registrationForm } from '../../testing/customers.ts';
import { newSessionToken } from './secrets.ts';
import { sha256Hex } from '../digest.ts';
import { presentUser } from '../users/present-user.ts';
import { openSavingsAccount } from '../accounts/account-repository.ts';

const minutes = (count: number) => count * 60_000;

describeOnEngines('session service on %s', (t) => {
  let userId: string;
  beforeEach(async () => {
    const opened = await registered(t(), registrationForm({ first_name: 'Tunde', last_name: 'Bakare', email: 'tunde.bakare@example.com', phone_number: '0909 111 2233', password: 'okra-lantern-bicycle-77' }));
    userId = opened.user.id;
  });

  it('resolves a fresh token to its active session', async () => {
    const { token, session } = await t().app.sessions.create(userId, { ip: '192.0.2.4', userAgent: 'x'.repeat(500) });
    const resolved = await t().app.sessions.resolve(token);
    expect(resolved.status).toBe('active');
    if (resolved.status !== 'active') return;
    expect(resolved.session.id).toBe(session.id);
    expect(resolved.session.user_id).toBe(userId);
    expect(resolved.session.ip).toBe('192.0.2.4');
    expect(resolved.session.user_agent).toHaveLength(300);
  });

  it('makes a different 256-bit token for every session', async () => {
    const first = await t().app.sessions.create(userId);
    const second = await t().app.sessions.create(userId);
    expect(first.token).not.toBe(second.token);
    expect(Buffer.from(first.token, 'base64url')).toHaveLength(32);
  });

  it('answers unknown for a token it never issued', async () => {
    expect(await t().app.sessions.resolve(newSessionToken())).toEqual({ status: 'unknown' });
    expect(await t().app.sessions.resolve('short')).toEqual({ status: 'unknown' });
    expect(await t().app.sessions.resolve('x'.repeat(1_000))).toEqual({ status: 'unknown' });
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token } = await t().app.sessions.create(userId);
    const rows = await t().app.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.id).not.toBe(token);
      expect(row.id).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(token);
    }
    expect(rows.map((row) => row.id)).toContain(sha256Hex(token));
  });

  it('expires a session left idle for 15 minutes', async () => {
    const { token } = await t().app.sessions.create(userId);
    t().clock.advance(minutes(15) - 1);
    const { token: other } = await t().app.sessions.create(userId);
    t().clock.advance(1);
    expect(await t().app.sessions.resolve(token)).toEqual({ status: 'expired', reason: 'idle' });
    // Once expired it stays expired, and says why.
    expect(await t().app.sessions.resolve(token)).toEqual({ status: 'expired', reason: 'idle' });
    expect((await t().app.sessions.resolve(other)).status).toBe('active');
  });

  it('keeps a session alive while it is used', async () => {
    const { token } = await t().app.sessions.create(userId);
    t().clock.advance(minutes(10));
    expect((await t().app.sessions.resolve(token)).status).toBe('active');
    t().clock.advance(minutes(10));
    expect((await t().app.sessions.resolve(token)).status).toBe('active');
    t().clock.advance(minutes(14));
    expect((await t().app.sessions.resolve(token)).status).toBe('active');
    t().clock.advance(minutes(15));
    expect(await t().app.sessions.resolve(token)).toEqual({ status: 'expired', reason: 'idle' });
  });

  it('writes last-seen at most every 15 seconds', async () => {
    const { token, session } = await t().app.sessions.create(userId);
    const lastSeen = async () =>
      (await t().app.db.selectFrom('sessions').select('last_seen_at').where('id', '=', session.id).executeTakeFirstOrThrow()).last_seen_at;
    t().clock.advance(10_000);
    expect((await t().app.sessions.resolve(token)).status).toBe('active');
    expect(await lastSeen()).toBe(session.last_seen_at);
    t().clock.advance(5_000);
    expect((await t().app.sessions.resolve(token)).status).toBe('active');
    expect(await lastSeen()).toBe(t().clock.now().toISOString());
  });

  it('ends a session 12 hours after sign-in however active it is', async () => {
    const { token } = await t().app.sessions.create(userId);
    for (let elapsed = 10; elapsed < 12 * 60; elapsed += 10) {
      t().clock.advance(minutes(10));
      const resolved = await t().app.sessions.resolve(token);
      if (resolved.status !== 'active') throw new Error(`session ended early, after ${elapsed} minutes: ${JSON.stringify(resolved)}`);
    }
    t().clock.advance(minutes(10));
    expect(await t().app.sessions.resolve(token)).toEqual({ status: 'expired', reason: 'absolute' });
    expect(await t().app.sessions.resolve(token)).toEqual({ status: 'expired', reason: 'absolute' });
  });

  it('revokes one session', async () => {
    const { token, session } = await t().app.sessions.create(userId);
    await t().app.sessions.revoke(session.id, 'logout');
    expect(await t().app.sessions.resolve(token)).toEqual({ status: 'expired', reason: 'revoked' });
    const row = await t().app.db.selectFrom('sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(row.revoke_reason).toBe('logout');
    expect(row.revoked_at).toBe(t().clock.now().toISOString());
  });

  it('revokes all of a user’s sessions except the one it is told to keep', async () => {
    // register already opened one session; three more here.
    const keep = await t().app.sessions.create(userId);
    const phone = await t().app.sessions.create(userId);
    const laptop = await t().app.sessions.create(userId);

    expect(await t().app.sessions.revokeAllForUser(userId, 'password_changed', keep.session.id)).toBe(3);
    expect((await t().app.sessions.resolve(keep.token)).status).toBe('active');
    expect(await t().app.sessions.resolve(phone.token)).toEqual({ status: 'expired', reason: 'revoked' });
    expect(await t().app.sessions.resolve(laptop.token)).toEqual({ status: 'expired', reason: 'revoked' });

    // Already-revoked sessions are not counted again; without an exception the last one goes too.
    expect(await t().app.sessions.revokeAllForUser(userId, 'password_reset')).toBe(1);
    expect(await t().app.sessions.resolve(keep.token)).toEqual({ status: 'expired', reason: 'revoked' });
  });

  it('resolves the session and its customer in one statement, the same customer loadProfile gives', async () => {
    const { token, session } = await t().app.sessions.create(userId);
    const expectSame = async () => {
      const resolved = await t().app.sessions.resolveCustomer(token);
      if (resolved.status !== 'active') throw new Error(JSON.stringify(resolved));
      expect(resolved.session).toEqual(await t().app.db.selectFrom('sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow());
      expect(presentUser(resolved.profile)).toEqual(presentUser((await t().app.users.loadProfile(userId))!));
      return resolved.profile;
    };
    expect((await expectSame()).accounts.length).toBeGreaterThanOrEqual(0);
    // A second account: one row per account, in the order they were opened.
    const before = (await t().app.users.loadProfile(userId))!.accounts.length;
    t().clock.advance(1_000);
    await t().app.db.transaction().execute((trx) => openSavingsAccount(trx, { userId, accountName: 'TUNDE BAKARE', bankCbnCode: t().app.config.bank.cbnCode, openedAt: t().clock.now().toISOString() }));
    t().clock.advance(1_000);
    await t().app.db.transaction().execute((trx) => openSavingsAccount(trx, { userId, accountName: 'TUNDE BAKARE', bankCbnCode: t().app.config.bank.cbnCode, openedAt: t().clock.now().toISOString() }));
    expect((await expectSame()).accounts).toHaveLength(before + 2);
    await t().app.users.upsertAddress({ user_id: userId, address: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', lga: 'Ikeja', created_at: t().clock.now().toISOString() });
    expect((await expectSame()).hasAddress).toBe(true);
  });

  it('says whether the PIN and the security answer are set without reading their hashes', async () => {
    const { token } = await t().app.sessions.create(userId);
    const flagsAndText = async () => {
      const resolved = await t().app.sessions.resolveCustomer(token);
      if (resolved.status !== 'active') throw new Error(JSON.stringify(resolved));
      const presented = presentUser(resolved.profile);
      expect(presented).toEqual(presentUser((await t().app.users.loadProfile(userId))!));
      return { pin: presented.is_transaction_pin_set, answer: presented.is_security_question_set, text: JSON.stringify(resolved) };
    };
    expect(await flagsAndText()).toMatchObject({ pin: false, answer: false });
    const pinHash = `pin-hash-${newSessionToken()}`;
    await t().app.db.updateTable('users').set({ transaction_pin_hash: pinHash }).where('id', '=', userId).execute();
    expect(await flagsAndText()).toMatchObject({ pin: true, answer: false });
    const answerHash = `answer-hash-${newSessionToken()}`;
    await t().app.db.updateTable('users').set({ security_answer_hash: answerHash }).where('id', '=', userId).execute();
    const both = await flagsAndText();
    expect(both).toMatchObject({ pin: true, answer: true });
    // Neither hash came out of the database with the session.
    expect(both.text).not.toContain(pinHash);
    expect(both.text).not.toContain(answerHash);
  });

  it("carries the account's freeze state, as AccountFreeze.state reads it, in the same statement", async () => {
    const { token } = await t().app.sessions.create(userId);
    const freezeOf = async () => {
      const resolved = await t().app.sessions.resolveCustomer(token);
      if (resolved.status !== 'active') throw new Error(JSON.stringify(resolved));
      expect(resolved.freeze).toEqual(await t().app.freeze.state(userId));
      return resolved.freeze;
    };
    expect(await freezeOf()).toEqual({ frozen: false, frozenAt: null, via: null });
    const at = t().clock.now().toISOString();
    await t().app.db.updateTable('users').set({ frozen_at: at, frozen_via: 'code' }).where('id', '=', userId).execute();
    expect(await freezeOf()).toEqual({ frozen: true, frozenAt: at, via: 'code' });
    await t().app.db.updateTable('users').set({ frozen_at: null, frozen_via: null }).where('id', '=', userId).execute();
    expect(await freezeOf()).toEqual({ frozen: false, frozenAt: null, via: null });
  });

  it('resolveCustomer ends sessions as resolve does', async () => {
    expect(await t().app.sessions.resolveCustomer(newSessionToken())).toEqual({ status: 'unknown' });
    expect(await t().app.sessions.resolveCustomer('short')).toEqual({ status: 'unknown' });
    const idle = await t().app.sessions.create(userId);
    const revoked = await t().app.sessions.create(userId);
    await t().app.sessions.revoke(revoked.session.id, 'logout');
    expect(await t().app.sessions.resolveCustomer(revoked.token)).toEqual({ status: 'expired', reason: 'revoked' });
    t().clock.advance(minutes(15));
    expect(await t().app.sessions.resolveCustomer(idle.token)).toEqual({ status: 'expired', reason: 'idle' });
    expect(await t().app.sessions.resolve(idle.token)).toEqual({ status: 'expired', reason: 'idle' });
  });

  it('leaves other users’ sessions alone', async () => {
    const other = await registered(t(), registrationForm({ first_name: 'Halima', last_name: 'Yusuf', email: 'halima.yusuf@example.com', phone_number: '0812 444 5566', password: 'kettle-savanna-drum-19' }));
    await t().app.sessions.revokeAllForUser(userId, 'password_changed');
    expect((await t().app.sessions.resolve(other.token)).status).toBe('active');
  });
});
