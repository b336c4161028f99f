import { expect, it } from 'vitest';
import { describeOnEngines } from '../../testing/on-engines.ts';
import { customer } from '../../testing/customers.ts';
import { deviceHashOf, newDeviceCodePolicy } from './device-binding.ts';

const origin = 'https://bank.example';
const meta = { origin, userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0' };

describeOnEngines('one bound device per customer on %s', (t) => {
  async function signedInFromNewDevice() {
    const { app, mailer } = t();
    const who = await customer(app);
    await app.deviceBinding.bindAtOpening(who.userId, 'first-device-id-aaaaaa');
    const old = await app.sessions.create(who.userId);
    const fresh = await app.sessions.create(who.userId);
    await app.deviceBinding.restrict(fresh.session.id, who.userId, 'second-device-id-bbbbb', origin);
    return { who, old, fresh, code: mailer.lastCode(who.email) };
  }

  it('knows the bound device, and a sign-in from another restricts its session until the code (sent by email and SMS) is confirmed', async () => {
    const { app, sms } = t();
    const { who, fresh, code } = await signedInFromNewDevice();
    expect(await app.deviceBinding.isBound(who.userId, 'first-device-id-aaaaaa')).toBe(true);
    expect(await app.deviceBinding.isBound(who.userId, 'second-device-id-bbbbb')).toBe(false);
    expect(await app.deviceBinding.pending(fresh.session.id)).toBe(true);
    expect(sms.sent.at(-1)?.text).toContain(code);
    expect(sms.sent.at(-1)?.text).toContain(`${origin}/freeze`);
  });

  it('binds the device on the right code, ends every other session, opens the cap window then, and tells the customer', async () => {
    const { app, mailer, sms, clock } = t();
    const { who, old, fresh, code } = await signedInFromNewDevice();
    const before = await app.db.selectFrom('customer_limits').select('new_browser_window_until').where('user_id', '=', who.userId).executeTakeFirst();
    // Signing in from the new device opened nothing: the window opens at confirmation.
    expect(before?.new_browser_window_until ?? null).toBeNull();
    clock.advance(60_000);
    const confirmed = await app.deviceBinding.confirm(fresh.session.id, code, meta);
    expect(confirmed.ok && confirmed.value.signedOutSessions).toBe(1);
    expect(await app.deviceBinding.isBound(who.userId, 'second-device-id-bbbbb')).toBe(true);
    expect(await app.deviceBinding.pending(fresh.session.id)).toBe(false);
    expect((await app.sessions.resolve(old.token)).status).toBe('expired');
    expect((await app.sessions.resolve(fresh.token)).status).toBe('active');
    const window = await app.db.selectFrom('customer_limits').select('new_browser_window_until').where('user_id', '=', who.userId).executeTakeFirst();
    expect(window?.new_browser_window_until).toBe(new Date(clock.now().getTime() + app.config.customerLimits.newBrowserCapMs).toISOString());
    expect(mailer.sent.at(-1)?.subject).toMatch(/active on a new device/);
    expect(mailer.sent.at(-1)?.text).toContain(`${origin}/freeze`);
    expect(sms.sent.at(-1)?.text).toMatch(/active on a new device.*\/freeze/);
    const bound = await app.db.selectFrom('bound_devices').select('device_hash').where('user_id', '=', who.userId).execute();
    expect(bound).toEqual([{ device_hash: deviceHashOf('second-device-id-bbbbb') }]);
  });

  it('counts wrong codes down to a dead one, and refuses an expired code', async () => {
    const { app, clock } = t();
    const { fresh, code } = await signedInFromNewDevice();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = newDeviceCodePolicy.maxAttempts - 1; left > 0; left -= 1) {
      const refused = await app.deviceBinding.confirm(fresh.session.id, wrong, meta);
      expect(!refused.ok && refused.code).toBe('INVALID_OTP');
    }
    await app.deviceBinding.confirm(fresh.session.id, wrong, meta);
    expect((await app.deviceBinding.confirm(fresh.session.id, code, meta)).ok).toBe(false);
    expect(await app.deviceBinding.pending(fresh.session.id)).toBe(true);

    clock.advance(newDeviceCodePolicy.minIntervalMs);
    const resent = await app.deviceBinding.resend(fresh.session.id, origin);
    expect(resent.ok).toBe(true);
    clock.advance(newDeviceCodePolicy.ttlMs);
    const expired = await app.deviceBinding.confirm(fresh.session.id, t().mailer.lastCode((await app.users.findById((await app.db.selectFrom('sessions').select('user_id').where('id', '=', fresh.session.id).executeTakeFirstOrThrow()).user_id))!.email), meta);
    expect(!expired.ok && expired.code).toBe('OTP_EXPIRED');
  });

  it('resends with a cooldown, and a resent code replaces the old one', async () => {
    const { app, mailer, clock } = t();
    const { who, fresh, code } = await signedInFromNewDevice();
    const tooSoon = await app.deviceBinding.resend(fresh.session.id, origin);
    expect(!tooSoon.ok && tooSoon.code).toBe('RATE_LIMITED');
    clock.advance(newDeviceCodePolicy.minIntervalMs);
    expect((await app.deviceBinding.resend(fresh.session.id, origin)).ok).toBe(true);
    const second = mailer.lastCode(who.email);
    if (second !== code) expect((await app.deviceBinding.confirm(fresh.session.id, code, meta)).ok).toBe(false);
    expect((await app.deviceBinding.confirm(fresh.session.id, second, meta)).ok).toBe(true);
  });

  it('binds once when the same code is confirmed twice at once', async () => {
    const { app, mailer } = t();
    const { who, fresh, code } = await signedInFromNewDevice();
    const sentBefore = mailer.sent.length;
    const results = await Promise.all([app.deviceBinding.confirm(fresh.session.id, code, meta), app.deviceBinding.confirm(fresh.session.id, code, meta)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(mailer.sent.slice(sentBefore).filter((mail) => mail.to === who.email)).toHaveLength(1);
  });
});
