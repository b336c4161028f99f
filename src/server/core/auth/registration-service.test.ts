import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerSchema, type RegisterInput } from '../../../lib/schemas.ts';
import { createTestApp, engines, type TestApp } from '../../testing/test-app.ts';
import { customer } from '../../testing/customers.ts';
import { codeMessages } from '../onboarding/one-time-codes.ts';
import { registrationMessage } from './registration-service.ts';

let serial = 0;
function details(overrides: Partial<Record<keyof RegisterInput, unknown>> = {}): RegisterInput {
  serial += 1;
  const unique = `${process.pid}${serial}${Math.floor(Math.random() * 1e4)}`;
  return registerSchema.parse({
    first_name: 'Ngozi',
    last_name: 'Okeke',
    email: `ngozi.${unique}@example.com`,
    phone_number: `0803${unique.slice(-7).padStart(7, '0')}`,
    password: 'plantain-rainfall-compass-8',
    password_confirmation: 'plantain-rainfall-compass-8',
    terms: true,
    ...overrides,
  });
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(engines)('registration on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const count = async (table: 'users' | 'accounts' | 'sessions') => Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const mailsTo = (to: string) => t.mailer.sent.filter((mail) => mail.to === to);

  it('creates nothing until the code is right; the right code opens the customer, verified, with an account and a session', async () => {
    const input = details();
    const started = await t.app.registrations.register(input, { ip: '10.0.0.1' });
    expect(started).toMatchObject({ ok: true, value: { email: input.email, message: registrationMessage(input.email) } });
    if (!started.ok) return;
    expect(await count('users')).toBe(0);
    await t.app.registrations.settled();
    const code = t.mailer.lastCode(input.email);
    expect(await t.app.registrations.pending(started.value.registration_token)).toEqual({ email: input.email });

    const opened = await t.app.registrations.verify(started.value.registration_token, code, { ip: '10.0.0.1' });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.value.user).toMatchObject({ email: input.email, is_email_verified: true, is_address_submitted: false, tier: 1 });
    expect(opened.value.user.accounts).toHaveLength(1);
    expect((await t.app.sessions.resolve(opened.value.token)).status).toBe('active');
    // The password typed at registration signs in.
    expect((await t.app.auth.login({ email: input.email, password: input.password }, { ip: '10.0.0.1' })).ok).toBe(true);
    // Single use: the registration is finished.
    expect(await t.app.registrations.pending(started.value.registration_token)).toBeNull();
    expect(await t.app.registrations.verify(started.value.registration_token, code)).toMatchObject({ ok: false, code: 'INVALID_OTP', message: codeMessages.gone });
  });

  it('answers a taken email exactly as a new one, creates nothing, and tells the owner by mail', async () => {
    const owner = await customer(t.app);
    const ownerRow = await t.app.db.selectFrom('users').select(['email', 'first_name']).where('id', '=', owner.userId).executeTakeFirstOrThrow();
    const [users0, accounts0] = [await count('users'), await count('accounts')];

    const fresh = details();
    const taken = details({ email: ownerRow.email });
    const a = await t.app.registrations.register(fresh, { ip: '10.0.0.2' });
    const b = await t.app.registrations.register(taken, { ip: '10.0.0.2' });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    // Same shape, same message pattern, only the typed email and the random token differ.
    expect(Object.keys(b.value).sort()).toEqual(Object.keys(a.value).sort());
    expect(b.value.message).toBe(a.value.message.replace(fresh.email, taken.email));
    expect(b.value.registration_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await t.app.registrations.settled();

    // The owner hears of it, with no code in the mail; nothing was created.
    const toOwner = mailsTo(ownerRow.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toContain('tried to open');
    expect(toOwner[0]!.text).not.toMatch(/\b\d{6}\b/);
    expect(await count('users')).toBe(users0);
    expect(await count('accounts')).toBe(accounts0);

    // The verify step answers like a wrong code, try for try, then the code is dead.
    const realCode = t.mailer.lastCode(fresh.email);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const onTaken = await t.app.registrations.verify(b.value.registration_token, '123456');
      const onFresh = await t.app.registrations.verify(a.value.registration_token, wrongCode(realCode));
      expect(onTaken).toEqual(onFresh);
      expect(onTaken).toMatchObject({ ok: false, code: 'INVALID_OTP', message: codeMessages.wrong(5 - attempt), errors: { otp: [codeMessages.wrong(5 - attempt)] } });
    }
    expect(await t.app.registrations.verify(b.value.registration_token, '123456')).toEqual(await t.app.registrations.verify(a.value.registration_token, wrongCode(realCode)));
    expect(await t.app.registrations.verify(b.value.registration_token, '123456')).toEqual(await t.app.registrations.verify(a.value.registration_token, realCode));
    expect(await t.app.registrations.verify(b.value.registration_token, '123456')).toMatchObject({ code: 'INVALID_OTP', message: codeMessages.gone });
    // Resending answers the same for both (and mails only the new one).
    t.clock.advance(61_000);
    const resentTaken = await t.app.registrations.resend(b.value.registration_token);
    const resentFresh = await t.app.registrations.resend(a.value.registration_token);
    expect(resentTaken).toEqual({ ok: true, value: { message: `We have sent a new code to ${taken.email}.` } });
    expect(resentFresh).toEqual({ ok: true, value: { message: `We have sent a new code to ${fresh.email}.` } });
    await t.app.registrations.settled();
    expect(mailsTo(ownerRow.email)).toHaveLength(1);
    expect(mailsTo(taken.email).length).toBeGreaterThanOrEqual(1); // the owner's address is the taken one
    expect(await count('users')).toBe(users0);
  });

  it('a taken phone number with a new email: same answer, the phone owner is told, the new address gets nothing', async () => {
    const owner = await customer(t.app);
    const ownerRow = await t.app.db.selectFrom('users').select(['email', 'phone_number']).where('id', '=', owner.userId).executeTakeFirstOrThrow();
    const input = details({ phone_number: ownerRow.phone_number });
    const started = await t.app.registrations.register(input, { ip: '10.0.0.3' });
    expect(started).toMatchObject({ ok: true, value: { message: registrationMessage(input.email) } });
    await t.app.registrations.settled();
    expect(mailsTo(input.email)).toHaveLength(0);
    expect(mailsTo(ownerRow.email)).toHaveLength(1);
    expect(mailsTo(ownerRow.email)[0]!.text).toContain('phone number');
    expect(mailsTo(ownerRow.email)[0]!.text).not.toContain(input.email);
    if (!started.ok) return;
    // Even the right digits could not open anything: there are none to know.
    const row = await t.app.db.selectFrom('registrations').select(['outcome', 'password_hash']).where('email', '=', input.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: 'phone_taken', password_hash: null });
  });

  it('counts 50 parallel tries at one code: at most 5 are compared, the right code among them opens at most once', async () => {
    const input = details();
    const started = await t.app.registrations.register(input, { ip: '10.0.0.4' });
    if (!started.ok) throw new Error('register failed');
    await t.app.registrations.settled();
    const code = t.mailer.lastCode(input.email);
    const guesses = Array.from({ length: 50 }, (_, index) => (index === 30 ? code : wrongCode(String(Number(code) + index))));
    const results = await Promise.all(guesses.map((guess) => t.app.registrations.verify(started.value.registration_token, guess)));
    const attempts = await t.app.db.selectFrom('registrations').select('code_attempts').where('email', '=', input.email).executeTakeFirstOrThrow();
    expect(attempts.code_attempts).toBeLessThanOrEqual(5);
    // Only a counted try is compared; each compared wrong one says how many are left (4, 3, 2, 1).
    const toldTriesLeft = results.flatMap((result) => (!result.ok && /tries? left/.test(result.message) ? [result.message] : []));
    expect(toldTriesLeft.length).toBeLessThanOrEqual(4);
    expect(new Set(toldTriesLeft).size).toBe(toldTriesLeft.length);
    // The rest were refused without a comparison.
    expect(results.filter((result) => !result.ok && result.message === codeMessages.gone).length).toBeGreaterThanOrEqual(45);
    expect(results.filter((result) => result.ok).length).toBeLessThanOrEqual(1);
    expect(await count('users')).toBeLessThanOrEqual(1);
  });

  it('allows REGISTRATIONS_PER_IP from one address in an hour, even in a burst of 50, then 429 with Retry-After', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => t.app.registrations.register(details(), { ip: '10.9.9.9' })));
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    const refused = results.filter((result) => !result.ok);
    expect(refused).toHaveLength(40);
    for (const result of refused) {
      expect(result).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('this network') });
      if (!result.ok) expect(result.retryAfterSeconds).toBeGreaterThan(0), expect(result.retryAfterSeconds).toBeLessThanOrEqual(3600);
    }
    // Another address is not affected; an hour later this one may register again.
    expect((await t.app.registrations.register(details(), { ip: '10.9.9.8' })).ok).toBe(true);
    t.clock.advance(3_600_000);
    expect((await t.app.registrations.register(details(), { ip: '10.9.9.9' })).ok).toBe(true);
    await t.app.registrations.settled();
  });

  it('allows 5 an hour per email and per phone, even in a burst of 50 from many addresses, new or taken alike', async () => {
    const owner = await customer(t.app);
    const ownerEmail = (await t.app.db.selectFrom('users').select('email').where('id', '=', owner.userId).executeTakeFirstOrThrow()).email;
    for (const email of ['someone.new@example.com', ownerEmail]) {
      const results = await Promise.all(Array.from({ length: 50 }, (_, index) => t.app.registrations.register(details({ email }), { ip: `10.1.${index}.${email.length}` })));
      expect(results.filter((result) => result.ok), email).toHaveLength(5);
      for (const result of results.filter((result) => !result.ok)) expect(result).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('this email address') });
    }
    const phone = '0805 111 2222';
    const byPhone = await Promise.all(Array.from({ length: 50 }, (_, index) => t.app.registrations.register(details({ phone_number: phone }), { ip: `10.2.${index}.1` })));
    expect(byPhone.filter((result) => result.ok)).toHaveLength(5);
    await t.app.registrations.settled();
    // The owner of the taken email got one mail per registration that passed, no more.
    expect(mailsTo(ownerEmail)).toHaveLength(5);
  });

  it('the verify and resend steps refuse an unknown token like a dead code', async () => {
    expect(await t.app.registrations.verify('no-such-token', '123456')).toMatchObject({ ok: false, code: 'INVALID_OTP', message: codeMessages.gone });
    expect(await t.app.registrations.resend('no-such-token')).toMatchObject({ ok: false, code: 'INVALID_OTP' });
    expect(await t.app.registrations.pending('no-such-token')).toBeNull();
  });

  it('a code expires after 10 minutes; a new one comes at most once a minute, 5 in all', async () => {
    const input = details();
    const started = await t.app.registrations.register(input, { ip: '10.0.0.5' });
    if (!started.ok) throw new Error('register failed');
    await t.app.registrations.settled();
    const first = t.mailer.lastCode(input.email);
    expect(await t.app.registrations.resend(started.value.registration_token)).toMatchObject({ ok: false, code: 'RATE_LIMITED', message: expect.stringMatching(/^Please wait \d+ seconds/) });
    t.clock.advance(10 * 60_000);
    expect(await t.app.registrations.verify(started.value.registration_token, first)).toMatchObject({ ok: false, code: 'OTP_EXPIRED' });
    for (let sent = 2; sent <= 5; sent += 1) {
      expect((await t.app.registrations.resend(started.value.registration_token)).ok).toBe(true);
      t.clock.advance(61_000);
    }
    expect(await t.app.registrations.resend(started.value.registration_token)).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    await t.app.registrations.settled();
    const latest = t.mailer.lastCode(input.email);
    expect((await t.app.registrations.verify(started.value.registration_token, latest)).ok).toBe(true);
  });

  it('two registrations for one new email: the first right code opens the account, the other is told to sign in', async () => {
    const input = details();
    const one = await t.app.registrations.register(input, { ip: '10.0.0.6' });
    await t.app.registrations.settled();
    const codeOne = t.mailer.lastCode(input.email);
    const two = await t.app.registrations.register({ ...input, phone_number: '+2348059998877' }, { ip: '10.0.0.6' });
    await t.app.registrations.settled();
    const codeTwo = t.mailer.lastCode(input.email);
    if (!one.ok || !two.ok) throw new Error('register failed');
    expect((await t.app.registrations.verify(one.value.registration_token, codeOne)).ok).toBe(true);
    expect(await t.app.registrations.verify(two.value.registration_token, codeTwo)).toMatchObject({ ok: false, code: 'DUPLICATE' });
    expect(await count('users')).toBe(1);
  });
});
