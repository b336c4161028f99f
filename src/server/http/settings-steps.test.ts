import { expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer, testPassword, testPin } from '../testing/customers.ts';
import type { TestApp } from '../testing/test-app.ts';
import { alertSettingsMessage, indemnityRequiredMessage } from '../core/alerts/alert-service.ts';
import { deviceHashOf } from '../core/devices/device-binding.ts';
import { wrongAnswerMessage, wrongPasswordMessage } from '../core/settings/settings-service.ts';
import { openLimitsPage, openSettingsPage, type SettingsPageContext } from './settings-steps.ts';
import { wordView, type FormView, type WordedView } from './forms.ts';
import type { Locale } from '../../i18n/locales.ts';
import { say, t } from '../../i18n/translate.ts';

/**
 * The no-JavaScript forms of /account/settings and /account/limits, answered as the pages answer
 * them: each kind's good post redirects to the section that says what happened (and that address
 * says it), a refused one fills its own view with the API's status and never shows a secret
 * again, and a post of no form of the page is refused.
 */
type Customer = Awaited<ReturnType<typeof customer>>;

function astroFor(app: TestApp['app'], me: Customer, method: 'GET' | 'POST', path: string, fields: Record<string, string> = {}, locale: Locale = 'en', cookie?: string): SettingsPageContext {
  const url = new URL(`http://bank.test${path}`);
  const cookies: Record<string, string> = cookie ? { cookie } : {};
  const request = method === 'POST' ? new Request(url, { method, headers: { 'content-type': 'application/x-www-form-urlencoded', ...cookies }, body: new URLSearchParams(fields).toString() }) : new Request(url, { headers: cookies });
  const user = { id: me.userId, phone_number: '+2348031234567', accounts: [{ account_number: me.accountNumber, balance: 0 }] };
  const locals = { app, user, session: null, locale, freeze: { frozen: false, frozenAt: null, via: null }, formToken: () => 'form-token' } as unknown as App.Locals;
  return { locals, request, url, response: {} };
}

/** The views as the sections word them (forms.ts wordView), in the page's language. */
function worded<Opened extends { views: Record<string, FormView> } | { redirect: string }>(opened: Opened, locale: Locale) {
  if ('redirect' in opened) return opened;
  return { ...opened, views: Object.fromEntries(Object.entries(opened.views).map(([name, view]) => [name, wordView(locale, view)])) as Record<keyof Extract<Opened, { views: unknown }>['views'], WordedView> };
}

describeOnEngines('the settings forms without JavaScript (%s)', (t_) => {
  const settings = async (me: Customer, method: 'GET' | 'POST', path: string, fields?: Record<string, string>, locale?: Locale, cookie?: string) => {
    const astro = astroFor(t_().app, me, method, path, fields, locale, cookie);
    const opened = await openSettingsPage(astro);
    return { opened: worded(opened, locale ?? 'en'), status: astro.response.status };
  };
  const limits = async (me: Customer, fields: Record<string, string>) => {
    const astro = astroFor(t_().app, me, 'POST', '/account/limits', fields);
    const opened = await openLimitsPage(astro);
    return { opened: worded(opened, 'en'), status: astro.response.status };
  };
  /** The page as rendered from what the steps answered: no secret that was posted may be in it. */
  const expectNoSecrets = (opened: unknown, secrets: string[]) => {
    const shown = JSON.stringify(opened);
    for (const secret of secrets) expect(shown).not.toContain(secret);
  };

  it('password: a good post goes to ?done=password with the count signed out, and that address says so', async () => {
    const me = await customer(t_().app);
    const posted = await settings(me, 'POST', '/account/settings', { intent: 'password', current_password: testPassword, password: 'a brand new passphrase 91', password_confirmation: 'a brand new passphrase 91' });
    expect(posted).toEqual({ opened: { redirect: '/account/settings?done=password&signed_out=0#password' }, status: undefined });

    const shown = await settings(me, 'GET', '/account/settings?done=password&signed_out=1#password');
    if ('redirect' in shown.opened) throw new Error('expected the page');
    expect(shown.opened.views.password.notice).toBe(t('en', 'settings.done.passwordOne'));
    expect(shown.opened.islands.password.notice).toBe(t('en', 'settings.done.passwordOne'));
    expect(shown.opened.views.pin.notice).toBeNull();
    expect(shown.status).toBeUndefined();
  });

  it('password: a wrong current password fills the password view with the API’s status, showing no secret again', async () => {
    const me = await customer(t_().app);
    const secrets = ['not my password at all', 'a brand new passphrase 91'];
    const { opened, status } = await settings(me, 'POST', '/account/settings', { intent: 'password', current_password: secrets[0]!, password: secrets[1]!, password_confirmation: secrets[1]! });
    if ('redirect' in opened) throw new Error('expected the page');
    expect(status).toBe(422);
    expect(opened.views.password).toMatchObject({ status: 422, errors: { current_password: [say('en', wrongPasswordMessage)] } });
    expect(opened.views.password.values).toEqual({});
    expect(opened.islands.password).toMatchObject({ errors: { current_password: [say('en', wrongPasswordMessage)] } });
    expect(opened.islands.password.values).toEqual({});
    expect(opened.views.security_question).toEqual({ values: {}, errors: {}, formError: null, notice: null, status: 200 });
    expect(opened.problem).toBeNull();
    expectNoSecrets(opened, secrets);
  });

  it('security question: a good post goes to ?done=security_question#security-question, and that address says so', async () => {
    const me = await customer(t_().app);
    const posted = await settings(me, 'POST', '/account/settings', { intent: 'security_question', password: testPassword, security_question_id: '2', answer: 'Mama Put Ikeja' });
    expect(posted.opened).toEqual({ redirect: '/account/settings?done=security_question#security-question' });

    const shown = await settings(me, 'GET', '/account/settings?done=security_question');
    if ('redirect' in shown.opened) throw new Error('expected the page');
    expect(shown.opened.views.security_question.notice).toBe(t('en', 'settings.done.securityQuestion'));
    expect(shown.opened.currentQuestion).not.toBe(t('en', 'safety.account.yourAnswer'));
  });

  it('security question: a form with field problems keeps the question chosen, not the password or the answer, in the customer’s language', async () => {
    const me = await customer(t_().app);
    const { opened, status } = await settings(me, 'POST', '/account/settings', { intent: 'security_question', password: 'a typed secret 77', security_question_id: '3', answer: 'x' }, 'yo');
    if ('redirect' in opened) throw new Error('expected the page');
    expect(status).toBe(422);
    expect(opened.views.security_question.values).toEqual({ security_question_id: '3' });
    expect(opened.views.security_question.errors.answer).toHaveLength(1);
    expect(opened.views.security_question.formError).toBe(t('yo', 'said.correctFields'));
    expectNoSecrets(opened.views, ['a typed secret 77']);
  });

  it('PIN: a good post goes to ?done=pin#pin; a wrong current PIN fills the PIN view beside its field, showing no PIN again', async () => {
    const me = await customer(t_().app);
    const wrong = await settings(me, 'POST', '/account/settings', { intent: 'pin', current_pin: '0000', pin: '7391', pin_confirmation: '7391' });
    if ('redirect' in wrong.opened) throw new Error('expected the page');
    expect(wrong.status).toBe(422);
    expect(wrong.opened.views.pin).toMatchObject({ status: 422, errors: { current_pin: [expect.stringMatching(/PIN/)] } });
    expect(wrong.opened.views.pin.values).toEqual({});
    expectNoSecrets(wrong.opened.views, ['0000', '7391']);

    const posted = await settings(me, 'POST', '/account/settings', { intent: 'pin', current_pin: testPin, pin: '7391', pin_confirmation: '7391' });
    expect(posted).toEqual({ opened: { redirect: '/account/settings?done=pin#pin' }, status: undefined });
    const shown = await settings(me, 'GET', '/account/settings?done=pin');
    if ('redirect' in shown.opened) throw new Error('expected the page');
    expect(shown.opened.views.pin.notice).toBe(t('en', 'settings.done.pin'));
  });

  it('PIN reset: a wrong answer fills the reset view beside the answer; the right one goes to ?done=pin_reset#pin-reset', async () => {
    const me = await customer(t_().app);
    const wrong = await settings(me, 'POST', '/account/settings', { intent: 'pin_reset', password: testPassword, security_answer: 'Not The School', pin: '7391', pin_confirmation: '7391' });
    if ('redirect' in wrong.opened) throw new Error('expected the page');
    expect(wrong.status).toBe(422);
    expect(wrong.opened.views.pin_reset).toMatchObject({ status: 422, errors: { security_answer: [say('en', wrongAnswerMessage)] } });
    expect(wrong.opened.views.pin_reset.values).toEqual({});
    expect(wrong.opened.views.pin.errors).toEqual({});
    expectNoSecrets(wrong.opened, [testPassword, 'Not The School', '7391']);

    const posted = await settings(me, 'POST', '/account/settings', { intent: 'pin_reset', password: testPassword, security_answer: 'Corona School', pin: '7391', pin_confirmation: '7391' });
    expect(posted.opened).toEqual({ redirect: '/account/settings?done=pin_reset#pin-reset' });
    const shown = await settings(me, 'GET', '/account/settings?done=pin_reset');
    if ('redirect' in shown.opened) throw new Error('expected the page');
    expect(shown.opened.views.pin_reset.notice).toBe(t('en', 'settings.done.pinReset'));
  });

  it('alerts: the switch goes to ?alerts=sms_on#alerts, which says what is in force; a bad switch fills the alerts view with nothing typed', async () => {
    const me = await customer(t_().app);
    const posted = await settings(me, 'POST', '/account/settings', { intent: 'alerts', sms: 'true' });
    expect(posted).toEqual({ opened: { redirect: '/account/settings?alerts=sms_on#alerts' }, status: undefined });
    const shown = await settings(me, 'GET', '/account/settings?alerts=sms_on');
    if ('redirect' in shown.opened) throw new Error('expected the page');
    expect(shown.opened.alerts.sms).toBe(true);
    expect(shown.opened.views.alerts.notice).toBe(say('en', alertSettingsMessage(shown.opened.alerts)));
    const inYoruba = await settings(me, 'GET', '/account/settings?alerts=sms_on', undefined, 'yo');
    if ('redirect' in inYoruba.opened) throw new Error('expected the page');
    expect(inYoruba.opened.views.alerts.notice).not.toBe(say('en', alertSettingsMessage(shown.opened.alerts)));

    const refused = await settings(me, 'POST', '/account/settings', { intent: 'alerts', sms: 'maybe', note: 'typed' });
    if ('redirect' in refused.opened) throw new Error('expected the page');
    expect(refused.status).toBe(422);
    expect(refused.opened.views.alerts.status).toBe(422);
    expect(refused.opened.views.alerts.values).toEqual({});
    expect(refused.opened.views.alerts.formError).toBeTruthy();
  });

  it('alerts off: refused on the indemnity’s field without its box (422, nothing changed); with it, ?alerts=sms_off records this browser’s device and the page says since when', async () => {
    const me = await customer(t_().app);
    const { deviceCookie, deviceId } = await t_().app.limits.recogniseAccountOpening(me.userId, undefined);
    const cookie = `device=${encodeURIComponent(deviceCookie)}`;
    const refused = await settings(me, 'POST', '/account/settings', { intent: 'alerts', sms: 'false' }, 'yo', cookie);
    if ('redirect' in refused.opened) throw new Error('expected the page');
    expect(refused.status).toBe(422);
    expect(refused.opened.views.alerts.errors).toEqual({ accept_indemnity: [say('yo', indemnityRequiredMessage)] });
    expect(say('yo', indemnityRequiredMessage)).not.toBe(say('en', indemnityRequiredMessage));
    expect(refused.opened.alerts).toMatchObject({ sms: true, sms_off_accepted_at: null });
    expect(await t_().app.db.selectFrom('alert_settings').selectAll().where('user_id', '=', me.userId).execute()).toEqual([]);

    const at = t_().clock.now().toISOString();
    const posted = await settings(me, 'POST', '/account/settings', { intent: 'alerts', sms: 'false', accept_indemnity: 'true' }, 'en', cookie);
    expect(posted).toEqual({ opened: { redirect: '/account/settings?alerts=sms_off#alerts' }, status: undefined });
    expect(await t_().app.db.selectFrom('alert_settings').select(['sms_enabled', 'sms_off_accepted_at', 'sms_off_device_hash']).where('user_id', '=', me.userId).executeTakeFirst()).toEqual({ sms_enabled: 0, sms_off_accepted_at: at, sms_off_device_hash: deviceHashOf(deviceId) });
    const shown = await settings(me, 'GET', '/account/settings?alerts=sms_off');
    if ('redirect' in shown.opened) throw new Error('expected the page');
    expect(shown.opened.alerts).toMatchObject({ sms: false, sms_off_accepted_at: at });
    expect(shown.opened.views.alerts.notice).toBe(say('en', alertSettingsMessage(shown.opened.alerts)));

    // On again clears both; a browser without a device cookie records none when it turns off.
    expect(await settings(me, 'POST', '/account/settings', { intent: 'alerts', sms: 'true' })).toEqual({ opened: { redirect: '/account/settings?alerts=sms_on#alerts' }, status: undefined });
    expect(await t_().app.db.selectFrom('alert_settings').select(['sms_enabled', 'sms_off_accepted_at', 'sms_off_device_hash']).where('user_id', '=', me.userId).executeTakeFirst()).toEqual({ sms_enabled: 1, sms_off_accepted_at: null, sms_off_device_hash: null });
    await settings(me, 'POST', '/account/settings', { intent: 'alerts', sms: 'false', accept_indemnity: 'true' });
    expect((await t_().app.db.selectFrom('alert_settings').select('sms_off_device_hash').where('user_id', '=', me.userId).executeTakeFirst())?.sms_off_device_hash).toBeNull();
  });

  it('limits: a lower limit goes to the settings page’s ?limits=lowered#limits, which says it; a limit that is not naira stays, without the code or PIN', async () => {
    const me = await customer(t_().app);
    const refused = await limits(me, { intent: 'daily', limit: 'lots', code: '770077', pin: '7391' });
    if ('redirect' in refused.opened) throw new Error('expected the page');
    expect(refused.status).toBe(422);
    expect(refused.opened.views.daily).toMatchObject({ status: 422, errors: { limit: ['Enter an amount in naira, like 20,000'] } });
    expect(refused.opened.views.daily.values).toEqual({ limit: 'lots' });
    expectNoSecrets(refused.opened.views, ['770077', '7391']);

    const posted = await limits(me, { intent: 'daily', limit: '20,000' });
    expect(posted).toEqual({ opened: { redirect: '/account/settings?limits=lowered#limits' }, status: undefined });
    const shown = await settings(me, 'GET', '/account/settings?limits=lowered#limits');
    if ('redirect' in shown.opened) throw new Error('expected the page');
    expect(shown.opened.views.daily.notice).toBe('Your own daily limit is now ₦20,000.00. It applies at once.');
    expect(shown.opened.views.instant.notice).toBeNull();
  });

  it('limits: "send me a code" goes to ?limits=code_instant_payments#limits, which says it; instant transfers off with the code and PIN go to ?limits=instant_off#limits; back on without them fills the instant view', async () => {
    const me = await customer(t_().app);
    expect((await limits(me, { intent: 'instant_code' })).opened).toEqual({ redirect: '/account/settings?limits=code_instant_payments#limits' });
    const told = await settings(me, 'GET', '/account/settings?limits=code_instant_payments');
    if ('redirect' in told.opened) throw new Error('expected the page');
    expect(told.opened.views.instant.notice).toContain('6-digit code');
    const code = /\b(\d{6})\b/.exec(t_().sms.sent.at(-1)?.text ?? '')?.[1] ?? '';
    expect((await limits(me, { intent: 'instant', enabled: 'false', code, pin: testPin })).opened).toEqual({ redirect: '/account/settings?limits=instant_off#limits' });
    const shown = await settings(me, 'GET', '/account/settings?limits=instant_off');
    if ('redirect' in shown.opened) throw new Error('expected the page');
    expect(shown.opened.views.instant.notice).toBe(t('en', 'said.limits.instantOff'));

    const refused = await limits(me, { intent: 'instant', enabled: 'true', code: '', pin: '' });
    if ('redirect' in refused.opened) throw new Error('expected the page');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.opened.views.instant.status).toBe(refused.status);
    expect(refused.opened.views.instant.formError).toBeTruthy();
    expect(refused.opened.views.daily.formError).toBeNull();
  });

  it('refuses a post of no form of the page (a wrong or missing intent) with 400, changing nothing', async () => {
    const me = await customer(t_().app);
    const notOfThePage: Record<string, string>[] = [{ intent: 'daily', limit: '1,000' }, { intent: 'transfer' }, { pin: '7391', pin_confirmation: '7391', current_pin: testPin }];
    for (const fields of notOfThePage) {
      const { opened, status } = await settings(me, 'POST', '/account/settings', fields);
      if ('redirect' in opened) throw new Error('expected the page');
      expect(status).toBe(400);
      expect(opened.problem).toBe(t('en', 'safety.account.badForm'));
      expect(Object.values(opened.views).every((view) => view.status === 200 && view.formError === null)).toBe(true);
    }
    const onLimits = await limits(me, { intent: 'password', current_password: testPassword, password: 'a brand new passphrase 91', password_confirmation: 'a brand new passphrase 91' });
    expect(onLimits).toMatchObject({ opened: { problem: t('en', 'safety.account.badForm') }, status: 400 });
    // Nothing was changed: the own limit is still unset and the PIN still the old one.
    expect((await t_().app.limits.overview(me.userId)).own_daily_limit).toBeNull();
    expect((await settings(me, 'POST', '/account/settings', { intent: 'pin', current_pin: testPin, pin: '7391', pin_confirmation: '7391' })).opened).toEqual({ redirect: '/account/settings?done=pin#pin' });
  });

  it('says a change’s notice only on the plain visit, and hands each island its words, and in another language its check messages', async () => {
    const me = await customer(t_().app);
    const refused = await settings(me, 'POST', '/account/settings?done=pin&limits=instant_off', { intent: 'pin', current_pin: '0000', pin: '7391', pin_confirmation: '7391' });
    if ('redirect' in refused.opened) throw new Error('expected the page');
    expect(refused.opened.views.pin.notice).toBeNull();
    expect(refused.opened.views.instant.notice).toBeNull();

    const english = await settings(me, 'GET', '/account/settings');
    const hausa = await settings(me, 'GET', '/account/settings', undefined, 'ha');
    if ('redirect' in english.opened || 'redirect' in hausa.opened) throw new Error('expected the page');
    expect(english.opened.islands.pin.words['settings.pin.submit']).toBe(t('en', 'settings.pin.submit'));
    expect(english.opened.islands.pin.words['said.pin.digits']).toBe(t('en', 'said.pin.digits'));
    expect(hausa.opened.islands.pin.words['settings.pin.submit']).toBe(t('ha', 'settings.pin.submit'));
    // The check's messages are among the words, in the island's language.
    expect(hausa.opened.islands.pin.words['said.pin.digits']).toBe(t('ha', 'said.pin.digits'));
    expect(hausa.opened.islands.pin.words['said.pin.digits']).not.toBe(t('en', 'said.pin.digits'));
    expect(english.opened.islands.password.words['form.passwordHint']).not.toContain('{');
    expect(english.opened.phone).toBe('0803 123 4567');
    expect(english.opened.questions).toHaveLength(6);
  });
});
