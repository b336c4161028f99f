import type { APIContext, AstroCookies } from 'astro';
import { expect, it } from 'vitest';
import { describeOnEngines } from '../testing/on-engines.ts';
import { customer } from '../testing/customers.ts';
import { inProcessApi } from '../testing/in-process-api.ts';
import { totpCodeAt } from '../core/staff/totp.ts';
import { may, opsRoutes, staffRoles, type StaffRole } from '../core/staff/policy.ts';
import type { TestApp } from '../testing/test-app.ts';
import { answerOps, opsCookieName } from './ops-request.ts';
import { formTokenField } from './form-tokens.ts';
import { readSessionToken, sessionCookieName } from './session-cookie.ts';

const password = 'tortoise-marmalade-lagos-9';
const url = (path: string) => new URL(`http://bank.test${path}`);

function cookieJar(values: Record<string, string>): AstroCookies {
  return {
    get: (name: string) => (name in values ? { value: values[name]! } : undefined),
    has: (name: string) => name in values,
    set: (name: string, value: string) => void (values[name] = value),
    delete: (name: string) => void delete values[name],
  } as unknown as AstroCookies;
}

/** One request through the /ops step of the middleware; the page itself answers 200. `form`: a POST of these fields. */
async function open(t: TestApp, path: string, options: { cookies?: Record<string, string>; bearer?: string; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = options.bearer ? { authorization: `Bearer ${options.bearer}` } : {};
  const request = options.form
    ? new Request(url(path), { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(options.form).toString() })
    : new Request(url(path), { headers });
  const locals = { app: t.app } as unknown as App.Locals;
  const context = {
    request, url: url(path), locals, cookies: cookieJar({ ...options.cookies }), clientAddress: '203.0.113.5',
    redirect: (to: string, status: number) => new Response(null, { status, headers: { location: to } }),
  } as unknown as APIContext;
  return answerOps(context, t.app, url(path), async () => new Response('page', { status: 200 }));
}

async function signedInStaff(t: TestApp, role: StaffRole): Promise<string> {
  return (await signedInSession(t, role)).token;
}

async function signedInSession(t: TestApp, role: StaffRole): Promise<{ token: string; sessionId: string }> {
  const email = `${role}@bank.ng`;
  const invited = await t.app.staff.invite({ name: `A ${role}`, email, role }, { staffId: null, address: 'cli', via: 'cli' });
  if (!invited.ok) throw new Error(invited.message);
  const token = invited.value.enrolPath.split('/').pop()!;
  const { secret } = (await t.app.staff.enrolment(token))!;
  const here = { staffId: null, address: null };
  const enrolled = await t.app.staff.enrol(token, { password, password_confirmation: password, code: await totpCodeAt(secret, t.clock.now()) }, here);
  if (!enrolled.ok) throw new Error(enrolled.message);
  const first = await t.app.staff.signInPassword({ email, password }, here);
  if (!first.ok) throw new Error(first.message);
  const code = await totpCodeAt(secret, new Date(t.clock.now().getTime() + 30_000));
  const done = await t.app.staff.signInCode(first.value.sessionId, code, here);
  if (!done.ok) throw new Error(done.message);
  return { token: first.value.token, sessionId: first.value.sessionId };
}

/** A page of one thing is asked for with a made-up one: the policy answers before the page looks it up. */
const concrete = (path: string) => path.replace(/:[a-z]+/g, 'HB-CASE-2026-000001');
const paths = [...opsRoutes.map((route) => concrete(route.path))];
const routeOf = (path: string) => opsRoutes.find((route) => concrete(route.path) === path)!;

describeOnEngines('every /ops route against every role and every other credential (%s)', (app) => {
  it('lets each role open what the policy allows, 403 otherwise, and audits each read', async () => {
    const t = app();
    for (const role of staffRoles) {
      const token = await signedInStaff(t, role);
      for (const path of paths) {
        const answer = await open(t, path, { cookies: { [opsCookieName(url(path))]: token } });
        const action = routeOf(path).action;
        expect([role, path, answer.status]).toEqual([role, path, may(role, action) ? 200 : 403]);
      }
    }
    const audited = await t.app.db.selectFrom('staff_audit').select(['action', 'address']).where('action', 'in', ['ops.page_read', 'ops.page_refused']).execute();
    expect(audited.length).toBe(staffRoles.length * paths.length);
    expect(audited.every((row) => row.address === '203.0.113.5')).toBe(true);
  });

  it('decides the four-eyes and settlement pages by role, for a read and for a form posted with a good token', async () => {
    const t = app();
    const opens: Record<string, StaffRole[]> = {
      '/ops/proposals': ['support', 'settlement', 'supervisor'],
      '/ops/proposals/new': ['support', 'settlement'],
      '/ops/settlement': ['settlement'],
    };
    for (const role of staffRoles) {
      const token = await signedInStaff(t, role);
      const resolved = await t.app.staff.resolve(token);
      if (resolved.status !== 'active') throw new Error('not signed in');
      for (const [path, roles] of Object.entries(opens)) {
        const cookies = { [opsCookieName(url(path))]: token };
        const expected = roles.includes(role) ? 200 : 403;
        expect([role, path, (await open(t, path, { cookies })).status]).toEqual([role, path, expected]);
        const form = { [formTokenField]: t.app.formTokens.issue({ kind: 'staff', id: resolved.sessionId }), intent: 'approve', id: 'prp-none' };
        expect([role, 'POST', path, (await open(t, path, { cookies, form })).status]).toEqual([role, 'POST', path, expected]);
      }
    }
  });

  it('lets each role POST to a page only with the action the policy names for posting there (an answer needs case.answer), 403 otherwise', async () => {
    const t = app();
    const posted = opsRoutes.filter((route) => 'post' in route);
    expect(posted.length).toBeGreaterThan(0);
    for (const role of staffRoles) {
      const { token, sessionId } = await signedInSession(t, role);
      for (const route of posted) {
        const path = concrete(route.path);
        const form = { [formTokenField]: t.app.formTokens.issue({ kind: 'staff', id: sessionId }), text: 'Hello', status: 'resolved' };
        const answer = await open(t, path, { cookies: { [opsCookieName(url(path))]: token }, form });
        expect([role, path, answer.status]).toEqual([role, path, may(role, route.post) ? 200 : 403]);
      }
    }
  });

  it('opens a fraud flag (the queue route with ?flag=) for the roles the policy gives the fraud queue, 403 for every other', async () => {
    const t = app();
    for (const role of staffRoles) {
      const token = await signedInStaff(t, role);
      const answer = await open(t, '/ops/fraud?flag=flg_0000000000001', { cookies: { [opsCookieName(url('/ops/fraud'))]: token } });
      expect([role, answer.status]).toEqual([role, may(role, 'fraud.queue') ? 200 : 403]);
    }
    expect(staffRoles.filter((role) => may(role, 'fraud.queue'))).toEqual(['fraud']);
    expect(staffRoles.filter((role) => may(role, 'account.freeze'))).toEqual(['support', 'fraud']);
    // A held transfer's release and reject are taken on the same page: the fraud role's alone.
    expect(staffRoles.filter((role) => may(role, 'fraud.release'))).toEqual(['fraud']);
    expect(staffRoles.filter((role) => may(role, 'fraud.reject'))).toEqual(['fraud']);
  });

  it('refuses a posted freeze, even with a good form token, to every role the policy does not let freeze', async () => {
    const t = app();
    for (const role of staffRoles) {
      const token = await signedInStaff(t, role);
      const resolved = await t.app.staff.resolve(token);
      if (resolved.status !== 'active') throw new Error('no session');
      const path = '/ops/customers/user-0001/freeze';
      const body = new URLSearchParams({ [formTokenField]: t.app.formTokens.issue({ kind: 'staff', id: resolved.sessionId }), reason: 'A reason long enough.' });
      const request = new Request(url(path), { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://bank.test' } });
      const context = {
        request, url: url(path), locals: { app: t.app } as unknown as App.Locals, cookies: cookieJar({ [opsCookieName(url(path))]: token }), clientAddress: '203.0.113.5',
        redirect: (to: string, status: number) => new Response(null, { status, headers: { location: to } }),
      } as unknown as APIContext;
      const answered = await answerOps(context, t.app, url(path), async () => new Response('page', { status: 200 }));
      expect([role, answered.status]).toEqual([role, may(role, 'account.freeze') ? 200 : 403]);
    }
  });

  it('sends a signed-out visitor, a customer session cookie, a customer Bearer token and a half-signed-in member to sign in', async () => {
    const t = app();
    const { userId } = await customer(t.app);
    const { token: customerToken } = await t.app.sessions.create(userId, {});
    const invited = await t.app.staff.invite({ name: 'Half Way', email: 'half@bank.ng', role: 'admin' }, { staffId: null, address: 'cli', via: 'cli' });
    if (!invited.ok) throw new Error(invited.message);
    const enrolToken = invited.value.enrolPath.split('/').pop()!;
    const { secret } = (await t.app.staff.enrolment(enrolToken))!;
    await t.app.staff.enrol(enrolToken, { password, password_confirmation: password, code: await totpCodeAt(secret, t.clock.now()) }, { staffId: null, address: null });
    const half = await t.app.staff.signInPassword({ email: 'half@bank.ng', password }, { staffId: null, address: null });
    if (!half.ok) throw new Error(half.message);
    for (const path of [...paths, '/ops/login/code', '/ops/logout']) {
      for (const credential of [{}, { cookies: { [sessionCookieName(url(path))]: customerToken } }, { bearer: customerToken }, { cookies: { [opsCookieName(url(path))]: customerToken } }]) {
        const answer = await open(t, path, credential);
        expect([path, answer.status, answer.headers.get('location')]).toEqual([path, 302, '/ops/login']);
      }
      if (path === '/ops/login/code') continue;
      const waiting = await open(t, path, { cookies: { [opsCookieName(url(path))]: half.value.token } });
      expect([path, answer(waiting)]).toEqual([path, [302, '/ops/login/code']]);
    }
    expect((await open(t, '/ops/login')).status).toBe(200);
  });

  it('treats a staff session as signed out on the customer side: no customer cookie, and a refused Bearer on /api', async () => {
    const t = app();
    const token = await signedInStaff(t, 'admin');
    expect(readSessionToken(cookieJar({ [opsCookieName(url('/dashboard'))]: token }), url('/dashboard'), null)).toBeNull();
    const profile = await inProcessApi(t.app).call('GET', '/api/v1/profile', { token });
    expect(profile.status).toBe(401);
  });
});

function answer(response: Response): [number, string | null] {
  return [response.status, response.headers.get('location')];
}
