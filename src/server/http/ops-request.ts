import type { APIContext, AstroCookies, MiddlewareNext } from 'astro';
import type { App } from '../app.ts';
import { isOpsPath, may, opsAccess } from '../core/staff/policy.ts';
import type { Config } from '../config.ts';
import { staffSessionAbsoluteMs } from '../core/staff/staff-service.ts';
import { clientOf } from './client.ts';
import { fromAnotherSite, guestIdFor, isSafeMethod, postedFormToken } from './form-tokens.ts';
import type { FormBinding } from '../core/auth/form-tokens.ts';
import { bodyCapFor } from './body.ts';
import { ownCookieOptions } from './session-cookie.ts';

/**
 * Every request under /ops (the back office, decision 028): answered with the staff credential
 * only. The customer's session cookie and Bearer tokens are never read here, so a customer is a
 * signed-out visitor; the staff cookie has its own name, which the customer side never reads,
 * so a staff member on a customer page or /api call is signed out there. Which member may open
 * which page is the policy table's (core/staff/policy.ts); every page a member opens is audited.
 */
export function opsCookieName(url: URL): string {
  return url.protocol === 'https:' ? '__Host-ops' : 'ops';
}

export function setOpsCookie(cookies: AstroCookies, url: URL, token: string): void {
  cookies.set(opsCookieName(url), token, { ...ownCookieOptions(url), sameSite: 'strict', maxAge: staffSessionAbsoluteMs / 1000 });
}

export function clearOpsCookie(cookies: AstroCookies, url: URL): void {
  cookies.delete(opsCookieName(url), { ...ownCookieOptions(url), sameSite: 'strict' });
}

function plainPage(status: number, title: string, text: string, link: { href: string; label: string }): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Back office</title></head><body><main id="main"><h1>${title}</h1><p>${text}</p><p><a href="${link.href}">${link.label}</a></p></main></body></html>`;
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/**
 * With the back office on its own listener (OPS_PORT, decision 029), which requests a listener
 * does not serve: /ops on the public one, and everything but /ops on the back office's. The Node
 * server tells a request's side through `locals.listener` (only its own code sets locals); without
 * OPS_PORT there is one listener and it serves both.
 */
export function notServedHere(ops: Config['ops'], listener: unknown, pathname: string): boolean {
  if (!ops) return false;
  return (listener === 'ops') !== isOpsPath(pathname);
}

export function notFoundHere(): Response {
  return plainPage(404, 'Not found', 'There is no page at this address.', { href: '/', label: 'Home' });
}

export async function answerOps(context: APIContext, app: App, url: URL, next: MiddlewareNext): Promise<Response> {
  const { request, cookies, locals } = context;
  locals.locale = 'en';
  locals.staff = null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const address = clientOf(context).address;
  const token = cookies.get(opsCookieName(url))?.value;
  const resolved = token ? await app.staff.resolve(token) : { status: 'none' as const };
  if (resolved.status === 'active') locals.staff = { sessionId: resolved.sessionId, verified: resolved.verified, member: resolved.member, address };
  else if (token) clearOpsCookie(cookies, url);
  const staff = locals.staff;

  // Form tokens as on the customer side: bound to the staff session, or before sign-in to the pre-session cookie.
  const guestId = guestIdFor(app.formTokens, cookies, url, !staff);
  const bindings: FormBinding[] = [];
  if (staff) bindings.push({ kind: 'staff', id: staff.sessionId });
  if (guestId && (!staff || path === '/ops/login' || path.startsWith('/ops/enrol/'))) bindings.push({ kind: 'guest', id: guestId });
  let formToken: string | null = null;
  locals.formToken = () => (formToken ??= app.formTokens.issue(bindings[0]!));
  if (!isSafeMethod(request.method)) {
    const posted = await postedFormToken(request, bodyCapFor(url.pathname, request.headers.get('content-type')));
    if (fromAnotherSite(request, url) || !app.formTokens.verify(posted, bindings)) {
      app.log.warn('ops.form_token_refused', { path });
      return plainPage(403, 'This form has expired', 'Nothing was changed. Go back, reload the page and try again.', { href: path, label: 'Reload the page' });
    }
  }

  const status = request.method === 'GET' || request.method === 'HEAD' ? 302 : 303;
  const access = opsAccess(path, request.method);
  if (access.kind === 'open') {
    if (staff?.verified && path === '/ops/login') return context.redirect('/ops', status);
  } else if (access.kind === 'code') {
    if (!staff) return context.redirect('/ops/login', status);
    if (staff.verified) return context.redirect('/ops', status);
  } else {
    if (!staff) return context.redirect('/ops/login', status);
    if (!staff.verified) return context.redirect('/ops/login/code', status);
    if (access.kind === 'action' && !may(staff.member.role, access.action)) {
      await app.staffAudit.append({ staffId: staff.member.id, address, action: 'ops.page_refused', detail: { path, method: request.method } });
      return plainPage(403, 'Not for your role', `Your role (${staff.member.role}) does not open this page.`, { href: '/ops', label: 'Back to the back office' });
    }
    if (request.method === 'GET') await app.staffAudit.append({ staffId: staff.member.id, address, action: 'ops.page_read', detail: { path } });
  }
  return next();
}
