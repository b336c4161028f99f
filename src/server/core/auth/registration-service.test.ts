import { describe, expect, it } from 'vitest';
import type { RegisterInput } from '../../../lib/schemas.ts';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer, registered, registrationForm } from '../../testing/customers.ts';
import { isValidNuban } from '../../../lib/nuban.ts';
import { codeMessages } from '../codes/one-time-codes.ts';
import { registrationMessage, type RegistrationStarted } from './registration-service.ts';
import { sha256Hex } from '../digest.ts';
import { t as tr } from '../../../i18n/translate.ts';
import { say } from '../../../i18n/translate.ts';
import { inEnglish } from '../../testing/in-english.ts';

/** The minutes a code mail names (the first number after the code). */
const codeMinutes = (text: string) => Number(/\b\d{6}\b\D+(\d{1,3})\b/.exec(text)?.[1]);

let serial = 0;
function details(overrides: Partial<Record<keyof RegisterInput, unknown>> = {}): RegisterInput {
  serial += 1;
  const unique = `${process.pid}${serial}${Math.floor(Math.random() * 1e4)}`;
  const person = { first_name: 'Ngozi', last_name: 'Okeke', email: `ngozi.${unique}@example.com`, phone_number: `0803${unique.slice(-7).padStart(7, '0')}` };
  return registrationForm({ ...person, password: 'plantain-rainfall-compass-8', ...overrides });
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describeOnEngines('registration on %s', (t) => {
  const count = async (table: 'users' | 'accounts' | 'sessions') => Number((await t().app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const mailsTo = (to: string) => t().mailer.sent.filter((mail) => mail.to === to);
  /** The pending registration a token stands for (what the middleware hands the endpoints). */
  const pendingOf = async (token: string) => {
    const resolved = await t().app.registrations.resolve(token);
    if (resolved.status !== 'active') throw new Error(`not pending: ${JSON.stringify(resolved)}`);
    return resolved.registration;
  };
  const idOf = async (started: { ok: boolean; value?: RegistrationStarted }) => (await pendingOf(started.value!.token)).id;
  /** A new registration from `ip`, waiting for its code: the pending registration's id and the code mailed. */
  const pendingWithCode = async (ip: string) => {
    const input = details();
    const started = await t().app.registrations.register(input, { ip });
    if (!started.ok) throw new Error('register failed');
    await t().app.registrations.settled();
    return { input, code: t().mailer.lastCode(input.email), id: await idOf(started) };
  };
  /** Two registrations for one email from one network (the second with another phone), and the code each was mailed. */
  const twoForOneEmail = async (input: RegisterInput, ip: string, otherPhone: string) => {
    const one = await t().app.registrations.register(input, { ip });
    await t().app.registrations.settled();
    const codeOne = t().mailer.lastCode(input.email);
    const two = await t().app.registrations.register({ ...input, phone_number: otherPhone }, { ip });
    await t().app.registrations.settled();
    return { one, two, codeOne, codeTwo: t().mailer.lastCode(input.email) };
  };

  it('mails the verification code in the language the form was filled in, and a new code in the one asked in', async () => {
    const input = details();
    const started = await t().app.registrations.register(input, { ip: '10.0.0.31' }, 'ha');
    expect(started.ok).toBe(true);
    await t().app.registrations.settled();
    const code = t().mailer.lastCode(input.email);
    const [first] = mailsTo(input.email);
    expect(first!.subject).toBe(tr('ha', 'email.verify.subject', { code, bank: t().app.config.bank.name }));
    expect(first!.text).toContain(tr('ha', 'email.verify.body', { bank: t().app.config.bank.name, code, minutes: codeMinutes(first!.text) }));
    expect(first!.text).not.toContain('verification code');

    const id = await idOf(started);
    t().clock.advance(61_000);
    expect((await t().app.registrations.resend(id, 'ig')).ok).toBe(true);
    await t().app.registrations.settled();
    const again = mailsTo(input.email).at(-1)!;
    expect(again.subject).toBe(tr('ig', 'email.verify.subject', { code: t().mailer.lastCode(input.email), bank: t().app.config.bank.name }));
  });

  it('creates nothing until the code is right; the right code opens the customer, verified, with an account, and the same token is the session', async () => {
    const input = details();
    const started = await t().app.registrations.register(input, { ip: '10.0.0.1' });
    expect(started).toMatchObject({ ok: true, value: { message: registrationMessage(input.email) } });
    if (!started.ok) return;
    // API.md's shape: the pending User (as typed, every flag false, no account yet) and a 256-bit token.
    expect(started.value.user).toEqual({
      id: expect.stringMatching(/^usr_[A-Za-z0-9_-]{16}$/),
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      phone_number: input.phone_number,
      // Nothing proved yet: Tier 0 (docs/decisions/024-identity-before-money.md).
      tier: 0,
      is_bvn_verified: false,
      is_nin_verified: false,
      is_email_verified: false,
      is_address_submitted: false,
      is_transaction_pin_set: false,
      is_security_question_set: false,
      accounts: [],
      created_at: t().clock.now().toISOString(),
    });
    expect(Buffer.from(started.value.token, 'base64url')).toHaveLength(32);
    expect(await count('users')).toBe(0);
    expect(await count('sessions')).toBe(0);
    await t().app.registrations.settled();
    const code = t().mailer.lastCode(input.email);
    const pending = await pendingOf(started.value.token);
    expect(pending).toEqual({ id: expect.stringMatching(/^reg_/), sessionId: sha256Hex(started.value.token), user: started.value.user });

    const opened = await t().app.registrations.verify(pending.id, code, { ip: '10.0.0.1' });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.value.user).toMatchObject({ id: started.value.user.id, email: input.email, is_email_verified: true, is_address_submitted: false, tier: 0, is_bvn_verified: false, is_nin_verified: false });
    expect(opened.value.user.accounts).toHaveLength(1);
    // The token the client already holds is now a real session (sessions.id = SHA-256 of it).
    expect(opened.value.sessionId).toBe(sha256Hex(started.value.token));
    const session = await t().app.sessions.resolve(started.value.token);
    expect(session).toMatchObject({ status: 'active', session: { id: sha256Hex(started.value.token), user_id: started.value.user.id } });
    // The password typed at registration signs in.
    expect((await t().app.auth.login({ email: input.email, password: input.password }, { ip: '10.0.0.1' })).ok).toBe(true);
    // Single use: the registration is finished; the token reads as the session, not as a registration.
    expect(await t().app.registrations.resolve(started.value.token)).toEqual({ status: 'unknown' });
    expect(await t().app.registrations.verify(pending.id, code)).toMatchObject({ ok: false, code: 'INVALID_OTP', message: codeMessages.gone });
  });

  it('answers a taken email exactly as a new one, creates nothing, and tells the owner by mail', async () => {
    const owner = await customer(t().app);
    const ownerRow = await t().app.db.selectFrom('users').select(['email', 'first_name']).where('id', '=', owner.userId).executeTakeFirstOrThrow();
    const [users0, accounts0, sessions0] = [await count('users'), await count('accounts'), await count('sessions')];

    const fresh = details();
    const taken = details({ email: ownerRow.email });
    const a = await t().app.registrations.register(fresh, { ip: '10.0.0.2' });
    const b = await t().app.registrations.register(taken, { ip: '10.0.0.2' });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    // Same shape, same message pattern, the user as typed: only the typed details and the random id and token differ.
    const neutral = (started: RegistrationStarted, typed: RegisterInput) =>
      JSON.parse(
        JSON.stringify(started)
          .replaceAll(started.token, '<token>')
          .replaceAll(started.user.id, '<id>')
          .replaceAll(typed.email, '<email>')
          .replaceAll(typed.phone_number, '<phone>'),
      );
    expect(neutral(b.value, taken)).toEqual(neutral(a.value, fresh));
    expect(b.value.user.id).toMatch(/^usr_[A-Za-z0-9_-]{16}$/);
    expect(b.value.user.id).not.toBe(owner.userId);
    expect(b.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The pending registrations read the same way too (what GET /v1/profile shows).
    const [pendingA, pendingB] = [await pendingOf(a.value.token), await pendingOf(b.value.token)];
    expect(pendingB.user).toEqual(b.value.user);
    expect(pendingA.user).toEqual(a.value.user);
    await t().app.registrations.settled();

    // The owner hears of it, with no code in the mail; nothing was created.
    const toOwner = mailsTo(ownerRow.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toContain('tried to open');
    expect(toOwner[0]!.text).not.toMatch(/\b\d{6}\b/);
    expect(await count('users')).toBe(users0);
    expect(await count('accounts')).toBe(accounts0);
    expect(await count('sessions')).toBe(sessions0);

    // The code step answers like a wrong code, try for try, then the code is dead, then gone.
    const realCode = t().mailer.lastCode(fresh.email);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const onTaken = await t().app.registrations.verify(pendingB.id, '123456');
      const onFresh = await t().app.registrations.verify(pendingA.id, wrongCode(realCode));
      expect(onTaken).toEqual(onFresh);
      expect(onTaken).toMatchObject({ ok: false, code: 'INVALID_OTP', message: codeMessages.wrong(5 - attempt), errors: { otp: [codeMessages.wrong(5 - attempt)] } });
    }
    expect(await t().app.registrations.verify(pendingB.id, '123456')).toEqual(await t().app.registrations.verify(pendingA.id, wrongCode(realCode)));
    expect(await t().app.registrations.verify(pendingB.id, '123456')).toEqual(await t().app.registrations.verify(pendingA.id, realCode));
    expect(await t().app.registrations.verify(pendingB.id, '123456')).toMatchObject({ code: 'INVALID_OTP', message: codeMessages.gone });
    // Resending answers the same for both (and mails only the new one).
    t().clock.advance(61_000);
    const resentTaken = await t().app.registrations.resend(pendingB.id);
    const resentFresh = await t().app.registrations.resend(pendingA.id);
    expect(inEnglish(resentTaken)).toEqual({ ok: true, value: { message: `We have sent a new code to ${taken.email}.` } });
    expect(inEnglish(resentFresh)).toEqual({ ok: true, value: { message: `We have sent a new code to ${fresh.email}.` } });
    await t().app.registrations.settled();
    expect(mailsTo(ownerRow.email)).toHaveLength(1);
    expect(await count('users')).toBe(users0);
  });

  it('a taken phone number with a new email: same answer, the phone owner is told, the new address gets nothing', async () => {
    const owner = await customer(t().app);
    const ownerRow = await t().app.db.selectFrom('users').select(['email', 'phone_number']).where('id', '=', owner.userId).executeTakeFirstOrThrow();
    const input = details({ phone_number: ownerRow.phone_number });
    const started = await t().app.registrations.register(input, { ip: '10.0.0.3' });
    expect(started).toMatchObject({ ok: true, value: { message: registrationMessage(input.email), user: { email: input.email, phone_number: ownerRow.phone_number, is_email_verified: false } } });
    await t().app.registrations.settled();
    expect(mailsTo(input.email)).toHaveLength(0);
    expect(mailsTo(ownerRow.email)).toHaveLength(1);
    expect(mailsTo(ownerRow.email)[0]!.text).toContain('phone number');
    expect(mailsTo(ownerRow.email)[0]!.text).not.toContain(input.email);
    if (!started.ok) return;
    // Even the right digits could not open anything: there are none to know.
    const row = await t().app.db.selectFrom('registrations').select(['outcome', 'password_hash']).where('email', '=', input.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: 'phone_taken', password_hash: null });
  });

  it('counts 50 parallel tries at one code: at most 5 are compared, the right code among them opens at most once', async () => {
    const { input, code, id } = await pendingWithCode('10.0.0.4');
    const guesses = Array.from({ length: 50 }, (_, index) => (index === 30 ? code : wrongCode(String(Number(code) + index))));
    const results = await Promise.all(guesses.map((guess) => t().app.registrations.verify(id, guess)));
    const attempts = await t().app.db.selectFrom('registrations').select('code_attempts').where('email', '=', input.email).executeTakeFirstOrThrow();
    expect(attempts.code_attempts).toBeLessThanOrEqual(5);
    // Only a counted try is compared; each compared wrong one says how many are left (4, 3, 2, 1).
    const toldTriesLeft = results.flatMap((result) => (!result.ok && /tries? left/.test(say('en', result.message)) ? [say('en', result.message)] : []));
    expect(toldTriesLeft.length).toBeLessThanOrEqual(4);
    expect(new Set(toldTriesLeft).size).toBe(toldTriesLeft.length);
    // The rest were refused without a comparison.
    expect(results.filter((result) => !result.ok && result.message === codeMessages.gone).length).toBeGreaterThanOrEqual(45);
    expect(results.filter((result) => result.ok).length).toBeLessThanOrEqual(1);
    expect(await count('users')).toBeLessThanOrEqual(1);
    expect(await count('sessions')).toBeLessThanOrEqual(1);
  });

  it('the right code sent 50 times at once opens one customer, one account and one session', async () => {
    const { code, id } = await pendingWithCode('10.0.0.7');
    const accounts0 = await count('accounts');
    const results = await Promise.all(Array.from({ length: 50 }, () => t().app.registrations.verify(id, code)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((result) => !result.ok)) expect(result).toMatchObject({ code: 'INVALID_OTP', message: codeMessages.gone });
    expect([await count('users'), (await count('accounts')) - accounts0, await count('sessions')]).toEqual([1, 1, 1]);
  });

  it('allows REGISTRATIONS_PER_IP from one address in an hour, even in a burst of 50, then 429 with Retry-After', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => t().app.registrations.register(details(), { ip: '10.9.9.9' })));
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    const refused = results.filter((result) => !result.ok);
    expect(refused).toHaveLength(40);
    for (const result of refused) {
      expect(inEnglish(result)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('this network') });
      if (!result.ok) {
        expect(result.retryAfterSeconds).toBeGreaterThan(0);
        expect(result.retryAfterSeconds).toBeLessThanOrEqual(3600);
      }
    }
    // Another address is not affected; an hour later this one may register again.
    expect((await t().app.registrations.register(details(), { ip: '10.9.9.8' })).ok).toBe(true);
    t().clock.advance(3_600_000);
    expect((await t().app.registrations.register(details(), { ip: '10.9.9.9' })).ok).toBe(true);
    await t().app.registrations.settled();
  });

  it('allows 5 an hour per email and per phone, even in a burst of 50 from many addresses, new or taken alike', async () => {
    const owner = await customer(t().app);
    const ownerEmail = (await t().app.db.selectFrom('users').select('email').where('id', '=', owner.userId).executeTakeFirstOrThrow()).email;
    for (const email of ['someone.new@example.com', ownerEmail]) {
      const results = await Promise.all(Array.from({ length: 50 }, (_, index) => t().app.registrations.register(details({ email }), { ip: `10.1.${index}.${email.length}` })));
      expect(results.filter((result) => result.ok), email).toHaveLength(5);
      for (const result of results.filter((result) => !result.ok)) expect(inEnglish(result)).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('this email address') });
    }
    const phone = '0805 111 2222';
    const byPhone = await Promise.all(Array.from({ length: 50 }, (_, index) => t().app.registrations.register(details({ phone_number: phone }), { ip: `10.2.${index}.1` })));
    expect(byPhone.filter((result) => result.ok)).toHaveLength(5);
    await t().app.registrations.settled();
    // The owner of the taken email got one mail per registration that passed, no more.
    expect(mailsTo(ownerEmail)).toHaveLength(5);
  });

  it('an unknown token is no registration; an unknown registration is refused like a dead code', async () => {
    expect(await t().app.registrations.resolve('no-such-token-but-long-enough')).toEqual({ status: 'unknown' });
    expect(await t().app.registrations.resolve('short')).toEqual({ status: 'unknown' });
    expect(await t().app.registrations.verify('reg_nothing', '123456')).toMatchObject({ ok: false, code: 'INVALID_OTP', message: codeMessages.gone });
    expect(await t().app.registrations.resend('reg_nothing')).toMatchObject({ ok: false, code: 'INVALID_OTP' });
  });

  it('a code expires after 10 minutes; a new one comes at most once a minute, 5 in all', async () => {
    const input = details();
    const started = await t().app.registrations.register(input, { ip: '10.0.0.5' });
    if (!started.ok) throw new Error('register failed');
    await t().app.registrations.settled();
    const id = await idOf(started);
    const first = t().mailer.lastCode(input.email);
    expect(inEnglish(await t().app.registrations.resend(id))).toMatchObject({ ok: false, code: 'RATE_LIMITED', message: expect.stringMatching(/^Please wait \d+ seconds/) });
    t().clock.advance(10 * 60_000);
    expect(await t().app.registrations.verify(id, first)).toMatchObject({ ok: false, code: 'OTP_EXPIRED' });
    for (let sent = 2; sent <= 5; sent += 1) {
      expect((await t().app.registrations.resend(id)).ok).toBe(true);
      t().clock.advance(61_000);
    }
    expect(await t().app.registrations.resend(id)).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    await t().app.registrations.settled();
    const latest = t().mailer.lastCode(input.email);
    expect((await t().app.registrations.verify(id, latest)).ok).toBe(true);
  });

  it('two registrations for one new email: the first right code opens the account, the other is told to sign in', async () => {
    const input = details();
    const { one, two, codeOne, codeTwo } = await twoForOneEmail(input, '10.0.0.6', '+2348059998877');
    if (!one.ok || !two.ok) throw new Error('register failed');
    const [idOne, idTwo] = [await idOf(one), await idOf(two)];
    expect((await t().app.registrations.verify(idOne, codeOne)).ok).toBe(true);
    expect(await t().app.registrations.verify(idTwo, codeTwo)).toMatchObject({ ok: false, code: 'DUPLICATE' });
    expect(await count('users')).toBe(1);
    // The other registration's token never became a session.
    expect((await t().app.sessions.resolve(two.value.token)).status).toBe('unknown');
  });

  describe('the customer the right code opens', () => {
    it('has one savings account with a valid NUBAN, a session, and the password as an argon2id hash', async () => {
      const input = details({ first_name: 'Chiamaka', last_name: 'Okafor' });
      const { user, token } = await registered(t(), input);
      expect(user).toMatchObject({ first_name: 'Chiamaka', last_name: 'Okafor', email: input.email, phone_number: input.phone_number, tier: 0, is_bvn_verified: false, is_nin_verified: false, is_email_verified: true, is_address_submitted: false });
      expect(user).not.toHaveProperty('password_hash');
      expect(user.accounts).toHaveLength(1);
      const [account] = user.accounts;
      expect(account).toMatchObject({ account_name: 'CHIAMAKA OKAFOR', type: 'savings', currency: 'NGN', balance: 0 });
      expect(isValidNuban(account!.account_number, t().app.config.bank.cbnCode)).toBe(true);
      expect(await t().app.sessions.resolve(token)).toMatchObject({ status: 'active', session: { user_id: user.id } });
      const row = await t().app.users.findByEmail(input.email);
      expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.password_hash).not.toContain(input.password);
    });

    it('a common password is refused before anything is stored or mailed', async () => {
      const result = await t().app.registrations.register(details({ password: 'password123', password_confirmation: 'password123' }), { ip: '10.0.3.1' });
      expect(inEnglish(result)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED', errors: { password: [expect.stringMatching(/too common/)] } });
      expect(await t().app.db.selectFrom('registrations').selectAll().execute()).toHaveLength(0);
      await t().app.registrations.settled();
      expect(t().mailer.sent).toHaveLength(0);
    });

    it('every customer gets a different valid account number, codes entered at the same moment included', async () => {
      const racing = await Promise.all([0, 1, 2].map(() => registered(t(), details(), { ip: '10.0.3.2' })));
      const later = [];
      for (let index = 0; index < 3; index += 1) later.push(await registered(t(), details(), { ip: '10.0.3.2' }));
      const numbers = [...racing, ...later].map((opened) => opened.user.accounts[0]!.account_number);
      expect(new Set(numbers).size).toBe(6);
      for (const number of numbers) expect(isValidNuban(number, t().app.config.bank.cbnCode)).toBe(true);
    });

    it('two registrations for one email, their right codes at once: one customer, one account, the other told to sign in', async () => {
      const input = details();
      const { one, two, codeOne, codeTwo } = await twoForOneEmail(input, '10.0.3.3', '+2348059998866');
      const [idOne, idTwo] = [await idOf(one), await idOf(two)];
      const [first, second] = await Promise.all([t().app.registrations.verify(idOne, codeOne), t().app.registrations.verify(idTwo, codeTwo)]);
      expect([first.ok, second.ok].sort()).toEqual([false, true]);
      expect(first.ok ? second : first).toMatchObject({ ok: false, code: 'DUPLICATE' });
      expect(await t().app.db.selectFrom('accounts').select('account_number').where('kind', '=', 'customer').execute()).toHaveLength(1);
    });
  });

  describe('the token as a session while the code is awaited', () => {
    it('ends after SESSION_IDLE_MINUTES without use, as a session does; use keeps it alive', async () => {
      const started = await t().app.registrations.register(details(), { ip: '10.0.1.1' });
      if (!started.ok) throw new Error('register failed');
      const idleMs = t().app.config.session.idleMs;
      t().clock.advance(idleMs - 1_000);
      expect((await t().app.registrations.resolve(started.value.token)).status).toBe('active');
      t().clock.advance(idleMs - 1_000);
      expect((await t().app.registrations.resolve(started.value.token)).status).toBe('active');
      t().clock.advance(idleMs);
      expect(await t().app.registrations.resolve(started.value.token)).toEqual({ status: 'expired', reason: 'idle' });
      expect(await t().app.registrations.resolve(started.value.token)).toEqual({ status: 'expired', reason: 'idle' });
    });

    it('ends SESSION_ABSOLUTE_HOURS after register however it is used, and the session it becomes keeps that limit', async () => {
      const abandoned = await t().app.registrations.register(details(), { ip: '10.0.1.2' });
      const input = details();
      const kept = await t().app.registrations.register(input, { ip: '10.0.1.2' });
      if (!abandoned.ok || !kept.ok) throw new Error('register failed');
      await t().app.registrations.settled();
      const { idleMs, absoluteMs } = t().app.config.session;
      for (let elapsed = 0; elapsed + idleMs / 2 < absoluteMs; elapsed += idleMs / 2) {
        t().clock.advance(idleMs / 2);
        expect((await t().app.registrations.resolve(abandoned.value.token)).status).toBe('active');
      }
      t().clock.advance(idleMs / 2);
      expect(await t().app.registrations.resolve(abandoned.value.token)).toEqual({ status: 'expired', reason: 'absolute' });
      expect(await t().app.registrations.verify((await t().app.db.selectFrom('registrations').select('id').where('token_hash', '=', sha256Hex(abandoned.value.token)).executeTakeFirstOrThrow()).id, '000000')).toMatchObject({
        ok: false,
        message: codeMessages.gone,
      });
      // The kept one: its session expires when the registration token would have.
      const opened = await t().app.db.selectFrom('registrations').select(['id', 'expires_at']).where('token_hash', '=', sha256Hex(kept.value.token)).executeTakeFirstOrThrow();
      const fresh = await t().app.registrations.register(details({ email: input.email }), { ip: '10.0.1.3' });
      if (!fresh.ok) throw new Error('register failed');
      await t().app.registrations.settled();
      expect(opened.expires_at).toBe(new Date(Date.parse(kept.value.user.created_at) + absoluteMs).toISOString());
      const id = await idOf(fresh);
      expect((await t().app.registrations.verify(id, t().mailer.lastCode(input.email))).ok).toBe(true);
      const session = await t().app.db.selectFrom('sessions').selectAll().where('id', '=', sha256Hex(fresh.value.token)).executeTakeFirstOrThrow();
      expect(session.expires_at).toBe(new Date(Date.parse(fresh.value.user.created_at) + absoluteMs).toISOString());
      expect(session.created_at).toBe(fresh.value.user.created_at);
    });

    it('sign-out revokes it: it no longer resolves, the code no longer opens anything, and a sign-out racing the right code leaves no live session', async () => {
      const input = details();
      const started = await t().app.registrations.register(input, { ip: '10.0.1.4' });
      if (!started.ok) throw new Error('register failed');
      await t().app.registrations.settled();
      const pending = await pendingOf(started.value.token);
      await t().app.registrations.signOut(pending);
      expect(await t().app.registrations.resolve(started.value.token)).toEqual({ status: 'expired', reason: 'revoked' });
      expect(await t().app.registrations.verify(pending.id, t().mailer.lastCode(input.email))).toMatchObject({ ok: false, code: 'INVALID_OTP', message: codeMessages.gone });
      expect(await count('users')).toBe(0);

      // The right code and a sign-out at once, many times over: never a live session afterwards.
      for (let round = 0; round < 10; round += 1) {
        const racing = details();
        const raced = await t().app.registrations.register(racing, { ip: `10.0.2.${round}` });
        if (!raced.ok) throw new Error('register failed');
        await t().app.registrations.settled();
        const racer = await pendingOf(raced.value.token);
        await Promise.all([t().app.registrations.verify(racer.id, t().mailer.lastCode(racing.email)), t().app.registrations.signOut(racer)]);
        expect((await t().app.sessions.resolve(raced.value.token)).status).not.toBe('active');
        expect((await t().app.registrations.resolve(raced.value.token)).status).not.toBe('active');
      }
    });
  });
});
